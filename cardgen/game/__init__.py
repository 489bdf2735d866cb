"""The state of a game: objects, zones, events, continuous effects, filters, the resolution context.

This is the kit an effect's resolver handler works with (each construct's `resolve` slot under
`cardgen/vocab/effects/`), so it sits below `cardgen.vocab` in the import layers; what drives play (the
stack, casting, turns, state-based actions, the scenario runner and the dispatch of effects to their
handlers) stays above, in `cardgen.resolver`. Nothing here performs an effect list: a module that needed
to would have to be handed the dispatcher, never import it.

The package exports nothing itself: import the module you need (`from cardgen.game import zones`).
"""
