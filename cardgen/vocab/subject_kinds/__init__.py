"""One module per subject kind of the spec (see `cardgen.vocab.subject`), found by listing this package."""
