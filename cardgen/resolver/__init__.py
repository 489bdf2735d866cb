"""The reference rules resolver: a small rules engine that plays any `Card` of the spec vocabulary.

It judges whether a generated card "does what the card says": scenarios (see `cardgen.resolver.scenario`)
play cards through it with the original spec and with specs read back from engine files, and compare
the resulting snapshots and event logs.

This package drives play: casting (`casting`, `targeting`), the stack and the dispatch of each effect to
its construct's handler (`stack`, `effects`), turns and steps (`turns`), state-based actions (`sba`), a
player leaving (`leaving`), the game loop (`game.Game`) and what a game looks like (`snapshot`). The state
those work on, and the handlers with it, sits below in `cardgen.game`.

It exports nothing itself, so that no module of the package imports the package back through it: import
the module you need (`from cardgen.resolver.game import Game`).
"""
