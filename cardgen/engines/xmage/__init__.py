"""The XMage backend: card specs as Java classes in XMage's `Mage.Sets`, and those classes read back.

Modules, one job each:
  backend      `XMageBackend` (the `cardgen.engines.base.Backend` protocol)
  render       one card -> its class file text (templates under `templates/xmage/`); `card_model` the
               typed class it fills (header, filter fields, inner classes)
  lower        spec -> the parts of the class, from its parts: `lower_parts` (what they share),
               `lower_targets` (target slots), `lower_effects` (one effect as its framework effect),
               `lower_groups` (an effect list under gift conditionals), `lower_inner` (inner classes)
  sequence     effects that pass objects between steps -> one generated OneShotEffect
  forms        which framework effect implements which spec effect (built from the constructs, both ways)
  filters      selectors -> XMage filter fields;  targets: targets and the gift-conditional target plan
  rules_text   what XMage prints for the blocks we write (`getRules()` model, checked by tests)
  basics       basic lands: XMage's framework classes, registered, never generated
  imports      the import collector (only known framework classes, only those used, XMage order)
  java_text    Java escaping of literals, comments and identifiers; java_expr: the expression tree the
               builder writes; java_parse: Java source to that tree (tree-sitter), for the reader
  names, safety, problems   class names we derive, what a class can't carry, the backend's diagnostics
  sets         set registration lines / whole set classes
  reader       a card class read back: with read_filters (targets, filters), read_statics, read_own_classes
               (tokens, local effects), read_sequence (the sequence effect); setindex: names and printings
  harness      the typed model of a generated test class; scenario_tests writes it, planned by
               scenario_play (the scenario played in the resolver), scenario_scene, scenario_setup,
               scenario_actions and scenario_expect
  data         the facts read from XMage (`known_classes.txt`, `subtypes.txt`, `known_sets.txt`,
               `static_filters.txt`, `known_tokens.txt`)
  refresh      regenerates those data files from an XMage checkout (maintainers only)
"""
