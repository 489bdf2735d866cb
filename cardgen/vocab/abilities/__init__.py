"""One module per ability kind of the spec (`kind:` of an ability); found by `cardgen.vocab`."""
