"""One module per effect kind of the spec; `cardgen.vocab` finds them by listing this package."""
