"""`cardgen install`: put rendered engine files where a real Forge or XMage checkout keeps them.

The command plans every change first (`plan.plan_install`) and writes only when nothing was refused, so
an install either lands whole or leaves the checkout untouched. Whole files (card scripts, card classes,
a set class XMage lacks) are copied; shared set files are merged line by line: Forge edition files by
`forge_edition`, XMage set classes by `xmage_sets`. `checkout` knows what each engine's tree looks like.
"""
