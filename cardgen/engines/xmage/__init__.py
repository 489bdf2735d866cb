"""The XMage backend: card specs as Java classes in XMage's `Mage.Sets`, and those classes read back.

Modules, one job each:
  backend      `XMageBackend` (the `cardgen.engines.base.Backend` protocol)
  render       one card -> its class file text (templates under `templates/xmage/`)
  lower        spec -> the parts of the class (blocks, filters, package-private classes), each ability's
               explicit text where XMage's own would differ (`cardgen.text` says the clauses)
  rules_text   what XMage prints for the blocks we write (`getRules()` model, checked by tests)
  basics       basic lands: XMage's framework classes, registered, never generated
  forms        which framework effect implements which spec effect (read in both directions)
  filters      selectors -> XMage filter fields;  targets: targets and the gift-conditional target plan
  sequence     effects that pass objects between steps -> one generated OneShotEffect
  imports      the import collector (only known framework classes, only those used, XMage order)
  java, jast   Java escaping and the small expression tree the builder writes
  sets         set registration lines / whole set classes
  reader, read_sequence, jtree, setindex   the class reader (tree-sitter) and the set-file index
  data         the facts read from XMage (`known_classes.txt`, `subtypes.txt`, `known_sets.txt`,
               `static_filters.txt`, `known_tokens.txt`)
  refresh      regenerates those data files from an XMage checkout (maintainers only)
"""
