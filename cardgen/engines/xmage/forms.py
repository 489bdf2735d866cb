"""Which XMage framework effect implements which spec effect: one table, read in both directions.

Each `Form` says: for a spec effect of `kind` whose subject has `shape` (a target, that target's
controller, every object matching a filter, a player word, `self`, ...), construct `java` with these
arguments. The renderer picks the first form that fits an effect; the reader finds the form by class
name and argument count and rebuilds the effect. Keeping both directions on one table is what makes
"read back gives the spec" hold by construction rather than by parallel maintenance.

Argument words:
  amount, power, toughness   int fields of the effect; static_amount: `StaticValue.get(amount)`
  duration                   `Duration.EndOfTurn` / `Duration.UntilYourNextTurn`
  filter                     the subject's `{all: ...}` selector as a filter field
  sacrifice_filter           the sacrifice filter (plus "greatest power" when chosen)
  keyword                    one keyword as its XMage ability (`FlyingAbility.getInstance()`)
  protection                 `new ProtectionFromEverythingAbility()`
  counter                    `CounterType.X.createInstance(n)` from `counter`/`amount`
  counters                   the `counters` list of a return, as counter instances
  token                      the created token (predefined class or generated token class)
  copy_number, copy_power, copy_toughness   the token-copy arguments
  pretext                    the player phrase a sacrifice prints ("target opponent")
  text:<words>               a fixed string literal; const:<java>  a fixed Java expression
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUBJECT_FIELD: dict[str, str] = {
    "draw": "who", "discard": "who", "mill": "who", "damage": "to", "lose_life": "who", "gain_life": "who",
    "destroy": "what", "exile": "what",
    "bounce": "what", "return_card": "what", "counter": "what", "token_copy": "of", "pump": "what",
    "gain_keyword": "what", "protection": "what", "put_counters": "what", "tap": "what", "untap": "what",
    "fight": "what",
    "sacrifice": "who", "reveal_and_exile": "who", "may_cast_from_exile": "what", "attach": "to",
    "phase_out": "what", "life_cant_change": "who", "cant_cast_spells": "who",
}
"""The field holding the object or player an effect acts on (its "subject")."""

CONTINUOUS_KINDS = frozenset({"pump", "gain_keyword", "protection", "life_cant_change", "cant_cast_spells"})
"""Kinds rendered as continuous effects (wrapped in `AddContinuousEffectToGame` when conditional)."""

POINTER_STABLE = frozenset({"damage", "pump", "gain_keyword", "protection", "put_counters", "tap", "untap", "draw",
                            "discard", "mill", "lose_life", "gain_life", "fight", "attach"})
"""Kinds that leave their target where it is, so a later "that creature" can reuse the target pointer.
A ref to anything else (a card moved, a permanent destroyed, a token created) needs the generated
sequence effect, which keeps the moved objects in a variable."""

DURATIONS = {"end_of_turn": "EndOfTurn", "until_your_next_turn": "UntilYourNextTurn"}
COUNTER_TYPES = {"+1/+1": "P1P1", "-1/-1": "M1M1", "stun": "STUN", "shield": "SHIELD"}
KEYWORD_CLASSES = {
    "deathtouch": "DeathtouchAbility", "defender": "DefenderAbility", "double_strike": "DoubleStrikeAbility",
    "first_strike": "FirstStrikeAbility", "flash": "FlashAbility", "flying": "FlyingAbility",
    "haste": "HasteAbility", "hexproof": "HexproofAbility", "indestructible": "IndestructibleAbility",
    "lifelink": "LifelinkAbility", "menace": "MenaceAbility", "reach": "ReachAbility", "shroud": "ShroudAbility",
    "trample": "TrampleAbility", "vigilance": "VigilanceAbility",
}
NEW_INSTANCE_KEYWORDS = frozenset({"menace"})
"""Keywords XMage builds with `new` rather than a shared `getInstance()`."""


@dataclass(frozen=True, slots=True)
class Form:
    kind: str
    shape: str
    """`target` (a target, or a ref to one), `controller` (that target's controller), `all`, a player or
    object word (`you`, `each_player`, `each_opponent`, `self`, `enchanted`, `equipped`), or `none`."""
    java: str
    args: tuple[str, ...] = ()
    fixed: dict[str, Any] = field(default_factory=dict)
    """Spec field values this form implies; it fits only effects with exactly these values."""
    when: str | None = None
    """An extra applicability test by name, see `lower.FORM_TESTS`."""


def _f(kind: str, shape: str, java: str, *args: str, when: str | None = None, **fixed: Any) -> Form:
    return Form(kind, shape, java, tuple(args), dict(fixed), when)


FORMS: tuple[Form, ...] = (
    _f("draw", "target", "DrawCardTargetEffect", "amount"),
    _f("draw", "you", "DrawCardSourceControllerEffect", "amount"),
    _f("draw", "each_player", "DrawCardAllEffect", "amount"),
    _f("draw", "each_opponent", "DrawCardAllEffect", "amount", "const:TargetController.OPPONENT"),
    _f("discard", "target", "DiscardTargetEffect", "amount"),
    _f("discard", "you", "DiscardControllerEffect", "amount"),
    _f("discard", "each_player", "DiscardEachPlayerEffect", "amount", "const:false"),
    _f("discard", "each_opponent", "DiscardEachPlayerEffect", "const:TargetController.OPPONENT", amount=1),
    _f("discard", "each_opponent", "DiscardEachPlayerEffect", "static_amount", "const:false",
       "const:TargetController.OPPONENT"),
    _f("mill", "target", "MillCardsTargetEffect", "amount"),
    _f("mill", "you", "MillCardsControllerEffect", "amount"),
    _f("mill", "each_player", "MillCardsEachPlayerEffect", "amount", "const:TargetController.ANY"),
    _f("mill", "each_opponent", "MillCardsEachPlayerEffect", "amount", "const:TargetController.OPPONENT"),
    _f("damage", "target", "DamageTargetEffect", "amount"),
    _f("damage", "controller", "DamageTargetControllerEffect", "amount"),
    _f("damage", "all", "DamageAllEffect", "amount", "filter"),
    _f("damage", "you", "DamageControllerEffect", "amount"),
    _f("damage", "each_player", "DamagePlayersEffect", "amount"),
    _f("damage", "each_opponent", "DamagePlayersEffect", "amount", "const:TargetController.OPPONENT"),
    _f("damage", "self", "DamageSelfEffect", "amount"),
    _f("lose_life", "you", "LoseLifeSourceControllerEffect", "amount"),
    _f("lose_life", "target", "LoseLifeTargetEffect", "amount"),
    _f("lose_life", "controller", "LoseLifeTargetControllerEffect", "amount"),
    _f("lose_life", "each_player", "LoseLifeAllPlayersEffect", "amount"),
    _f("lose_life", "each_opponent", "LoseLifeOpponentsEffect", "amount"),
    _f("gain_life", "you", "GainLifeEffect", "amount"),
    _f("gain_life", "target", "GainLifeTargetEffect", "amount"),
    _f("gain_life", "each_player", "GainLifeAllEffect", "amount"),
    _f("gain_life", "each_opponent", "GainLifeAllEffect", "amount", "const:TargetController.OPPONENT"),
    _f("destroy", "target", "DestroyTargetEffect"),
    _f("destroy", "all", "DestroyAllEffect", "filter"),
    _f("destroy", "self", "DestroySourceEffect"),
    _f("exile", "target", "ExileTargetEffect"),
    _f("exile", "all", "ExileAllEffect", "filter"),
    _f("exile", "self", "ExileSpellEffect", when="spell"),
    _f("exile", "self", "ExileSourceEffect", when="permanent"),
    _f("bounce", "target", "ReturnToHandTargetEffect", when="on_battlefield_or_stack"),
    _f("bounce", "all", "ReturnToHandFromBattlefieldAllEffect", "filter"),
    _f("bounce", "self", "ReturnToHandSourceEffect", "const:true"),
    _f("return_card", "target", "ReturnFromGraveyardToHandTargetEffect", when="from_graveyard", to="hand"),
    _f("return_card", "target", "ReturnToHandTargetEffect", when="from_exile", to="hand"),
    _f("return_card", "target", "ReturnFromGraveyardToBattlefieldTargetEffect",
       when="from_own_graveyard_or_under_you", to="battlefield", counters=[]),
    _f("return_card", "target", "ReturnFromGraveyardToBattlefieldWithCounterTargetEffect", "counters",
       when="from_own_graveyard_or_under_you", to="battlefield"),
    _f("return_card", "target", "ReturnToBattlefieldUnderOwnerControlTargetEffect", "const:false", "const:false",
       when="from_exile", to="battlefield", under="owner", counters=[]),
    _f("return_card", "target", "ReturnToBattlefieldUnderOwnerControlWithCounterTargetEffect", "counters",
       when="one_counter_from_exile", to="battlefield", under="owner"),
    _f("return_card", "target", "ReturnToBattlefieldUnderYourControlTargetEffect",
       when="from_exile", to="battlefield", under="you", counters=[]),
    _f("counter", "target", "CounterTargetEffect"),
    _f("create_token", "none", "CreateTokenEffect", "token", amount=1, tapped=False, controller="you"),
    _f("create_token", "none", "CreateTokenEffect", "token", "amount", tapped=False, controller="you"),
    _f("create_token", "none", "CreateTokenEffect", "token", "amount", "const:true", tapped=True, controller="you"),
    _f("create_token", "none", "CreateTokenAllEffect", "token", "amount", "const:TargetController.OPPONENT",
       tapped=False, controller="each_opponent"),
    _f("create_token", "none", "CreateTokenAllEffect", "token", "amount", "const:TargetController.ANY",
       tapped=False, controller="each_player"),
    _f("create_token", "none", "CreateTokenAllEffect", "token", "static_amount", "const:TargetController.OPPONENT",
       "const:true", tapped=True, controller="each_opponent"),
    _f("create_token", "none", "CreateTokenAllEffect", "token", "static_amount", "const:TargetController.ANY",
       "const:true", tapped=True, controller="each_player"),
    _f("token_copy", "target", "CreateTokenCopyTargetEffect", amount=1, set_pt=None),
    _f("token_copy", "target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
       "copy_number", set_pt=None),
    _f("token_copy", "target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
       "copy_number", "const:false", "const:false", "const:null", "copy_power", "copy_toughness", "const:false",
       when="fixed_pt"),
    _f("pump", "target", "BoostTargetEffect", "power", "toughness", "duration"),
    _f("pump", "all", "BoostAllEffect", "power", "toughness", "duration", "filter", "const:false"),
    _f("pump", "self", "BoostSourceEffect", "power", "toughness", "duration"),
    _f("gain_keyword", "target", "GainAbilityTargetEffect", "keyword", "duration"),
    _f("gain_keyword", "all", "GainAbilityAllEffect", "keyword", "duration", "filter"),
    _f("gain_keyword", "you", "GainAbilityControllerEffect", "keyword", "duration"),
    _f("gain_keyword", "self", "GainAbilitySourceEffect", "keyword", "duration"),
    _f("protection", "target", "GainAbilityTargetEffect", "protection", "duration", against="everything"),
    _f("protection", "all", "GainAbilityAllEffect", "protection", "duration", "filter", against="everything"),
    _f("protection", "you", "GainAbilityControllerEffect", "protection", "duration", against="everything"),
    _f("protection", "self", "GainAbilitySourceEffect", "protection", "duration", against="everything"),
    _f("put_counters", "target", "AddCountersTargetEffect", "counter"),
    _f("put_counters", "all", "AddCountersAllEffect", "counter", "filter"),
    _f("put_counters", "self", "AddCountersSourceEffect", "counter"),
    _f("put_counters", "enchanted", "AddCountersAttachedEffect", "counter", "text:enchanted creature"),
    _f("put_counters", "equipped", "AddCountersAttachedEffect", "counter", "text:equipped creature"),
    _f("tap", "target", "TapTargetEffect"),
    _f("tap", "all", "TapAllEffect", "filter"),
    _f("tap", "self", "TapSourceEffect"),
    _f("tap", "enchanted", "TapEnchantedEffect"),
    _f("tap", "equipped", "TapEnchantedEffect", "text:equipped creature"),
    _f("untap", "target", "UntapTargetEffect"),
    _f("untap", "all", "UntapAllEffect", "filter"),
    _f("untap", "self", "UntapSourceEffect"),
    _f("fight", "target", "FightTargetsEffect", when="fight_targets"),
    _f("fight", "self", "FightTargetSourceEffect", when="fight_source"),
    _f("sacrifice", "target", "SacrificeEffect", "sacrifice_filter", "amount", "pretext"),
    _f("sacrifice", "each_player", "SacrificeAllEffect", "amount", "sacrifice_filter"),
    _f("sacrifice", "each_opponent", "SacrificeOpponentsEffect", "amount", "sacrifice_filter"),
    _f("sacrifice", "you", "SacrificeControllerEffect", "sacrifice_filter", "amount", "text:"),
    _f("attach", "target", "AttachEffect", "const:Outcome.BoostCreature", when="attach_self"),
    _f("phase_out", "target", "PhaseOutTargetEffect"),
    # XMage's shorter spellings (duration defaulting to end of turn): read, never written (listed last)
    _f("pump", "target", "BoostTargetEffect", "power", "toughness", duration="end_of_turn"),
    _f("gain_keyword", "target", "GainAbilityTargetEffect", "keyword", duration="end_of_turn"),
    _f("life_cant_change", "you", "LifeTotalCantChangeControllerEffect", "duration"),
)


def forms_for(kind: str) -> list[Form]:
    return [form for form in FORMS if form.kind == kind]


def forms_named(java: str) -> list[Form]:
    return [form for form in FORMS if form.java == java]
