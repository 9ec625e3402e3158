"""Pure derivations: folds over the effective log into what the table sees."""
