"""CPU-heavy work kept off the event loop: dice within budget, and the worker processes
that run them and parse imports; the cyclic collector's pause while a long log is folded."""
