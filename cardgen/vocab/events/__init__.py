"""One module per trigger event of the spec (`event:` of a triggered ability); found by `cardgen.vocab`."""
