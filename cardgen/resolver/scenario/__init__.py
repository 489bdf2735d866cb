"""Behaviour scenarios: YAML tests that play cards through the resolver (see `model` for the format).

`loader` reads scenario files into `model`, `build` sets up the game a scenario starts from, `actions`
performs its steps, `expect` compares the result with what it expects, `runner` plays whole files and
`results` holds outcomes and failures. The package exports nothing itself, so that its modules, which
import one another, never import the package back through it: import the module you need.
"""
