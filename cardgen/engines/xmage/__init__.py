"""The XMage backend: card specs as Java classes in XMage's `Mage.Sets`, and those classes read back.

Modules, one job each:
  backend      `XMageBackend` (the `cardgen.engines.base.Backend` protocol)
  render       one card -> its class file text (templates under `templates/xmage/`)
  lower        spec -> the parts of the class (blocks, filters, package-private helper classes)
  forms        which framework effect implements which spec effect (read in both directions)
  filters      selectors -> XMage filter fields;  targets: targets and the gift-conditional target plan
  sequence     effects that pass objects between steps -> one generated OneShotEffect
  imports      the import collector (only known framework classes, only those used, XMage order)
  java, jast   Java escaping and the small expression tree the builder writes
  sets         set registration lines / whole set classes
  reader, read_sequence, jtree, setindex   the class reader (tree-sitter) and the set-file index
  data         the facts read from XMage (`known_classes.txt`, `subtypes.txt`, `known_sets.txt`)
  refresh      regenerates those data files from an XMage checkout (maintainers only)
"""
