"""One module per `cardgen` subcommand; `common` holds what they share."""
