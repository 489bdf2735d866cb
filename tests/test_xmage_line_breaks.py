"""XMage lines break between arguments, never inside a string literal, and the reader takes both forms."""

from __future__ import annotations

from pathlib import Path

from test_xmage_reader import HEAD, REGISTRATION, TAIL

from cardgen.engines.xmage.java_expr import WIDTH, Str, fmt, new
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
