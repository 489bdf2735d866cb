"""One module per condition of the spec (`condition:`, `intervening_if:`); found by `cardgen.vocab`."""
