"""One module per kind of amount of the spec (`amount:` of an effect); found by `cardgen.vocab`."""
