"""XMage lines break between arguments, never inside a string literal, and the reader takes both forms."""

from __future__ import annotations

from pathlib import Path

from test_xmage_reader import HEAD, REGISTRATION, TAIL

from cardgen.engines.xmage.java_expr import WIDTH, Raw, Str, call, fmt, new
from cardgen.engines.xmage.reader import read_class

OUTPUT = Path(__file__).resolve().parent.parent / "output" / "xmage"
LONG = "if the gift was promised, {this} also deals 3 damage to that creature's controller and more"


def test_a_long_literal_stays_whole_on_its_own_continuation_line():
    text = fmt(new("ConditionalOneShotEffect", new("DestroyTargetEffect"), new("DamageTargetControllerEffect", 3),
                   Str(LONG)), 8)
    assert '" +' not in text
    assert any(line.strip() == f'"{LONG}"' for line in text.split("\n"))
    assert all(len(line) <= WIDTH for line in text.split("\n") if '"' not in line)


def test_a_literal_alone_is_never_cut():
    assert fmt(Str(LONG + LONG), 40) == f'"{LONG + LONG}"'


def test_no_generated_class_cuts_a_literal():
    cut = []
    for path in sorted(OUTPUT.rglob("*.java")):
        lines = path.read_text(encoding="utf-8").split("\n")
        cut += [f"{path.name}:{n + 1}" for n, line in enumerate(lines[:-1])
                if line.rstrip().endswith('" +') and lines[n + 1].lstrip().startswith('"')]
    assert cut == []


def _read(effect_line: str):
    body = f"""
        {effect_line}
        this.getSpellAbility().addTarget(new TargetCreaturePermanent());
"""
    result = read_class(HEAD + body + TAIL, REGISTRATION, "SparkJolt.java")
    assert result.card is not None, result.diagnostics
    return result.card


def test_the_reader_reads_a_split_literal_and_a_whole_one_alike():
    whole = _read('this.getSpellAbility().addEffect(new DamageTargetEffect(2)'
                  '.setText("{this} deals 2 damage to target creature"));')
    split = _read('this.getSpellAbility().addEffect(new DamageTargetEffect(2).setText("{this} deals 2 " +\n'
                  '                "damage to target creature"));')
    assert whole == split
    assert whole.model_dump() == split.model_dump()


def test_a_chained_call_that_does_not_fit_goes_on_the_next_line_as_xmage_writes_it():
    """`addEffect(new X()` then `.setText("...")` on a continuation line, the receiver whole (XMage's own
    classes: never `addEffect(` alone on its line with the effect below it)."""
    text = "what the effect does, said in words long enough that the call and its text can't share a line"
    statement = call(Raw("this.getSpellAbility()"), "addEffect", call(new("DestroyTargetEffect"), "setText", Str(text)))
    assert fmt(statement, 8) == ("this.getSpellAbility().addEffect(new DestroyTargetEffect()\n"
                                 f'                .setText("{text}"))')


def test_a_chain_inside_a_receiver_stays_on_its_line():
    """The chained call of an argument stays beside it when the call around it has a chained call of its
    own: the break goes between arguments, not before the inner `.setText`."""
    inner = call(new("TapTargetEffect"), "setText", Str("tap up to one other target creature"))
    trigger = call(new("EntersBattlefieldTriggeredAbility", inner), "withInterveningIf",
                   Raw("GiftWasPromisedCondition.TRUE"))
    text = fmt(trigger, 8, offset=18)
    assert text.split("\n") == [
        "new EntersBattlefieldTriggeredAbility(",
        '                new TapTargetEffect().setText("tap up to one other target creature")',
        "        ).withInterveningIf(GiftWasPromisedCondition.TRUE)"]


def test_a_chain_on_an_accessor_is_not_broken_before_its_call():
    """`this.getSpellAbility().addTarget(...)` keeps the accessor and its call together."""
    target = call(Raw("this.getSpellAbility()"), "addTarget",
                  new("TargetCardInYourGraveyard", Raw("StaticFilters.FILTER_CARD_CREATURE_YOUR_GRAVEYARD")))
    assert fmt(target, 8).startswith("this.getSpellAbility().addTarget(")


def test_no_generated_class_puts_an_effect_alone_below_its_add_effect():
    alone = []
    for path in sorted(OUTPUT.rglob("*.java")):
        lines = path.read_text(encoding="utf-8").split("\n")
        alone += [f"{path.name}:{n + 1}" for n, line in enumerate(lines[:-1])
                  if line.endswith(".addEffect(") and line.lstrip().startswith("this.")]
    assert alone == []
