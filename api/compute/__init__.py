"""CPU-heavy work kept off the event loop: dice within budget, and the worker processes
that run them and parse imports."""
