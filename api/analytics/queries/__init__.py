"""What is read from the analytics read model: the reports' filters and SQL, over a DuckDB copy
of the rows (the mirror), and the rows exported for notebooks."""
