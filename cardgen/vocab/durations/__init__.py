"""One module per duration of a continuous effect (`duration:` of an effect); found by `cardgen.vocab`."""
