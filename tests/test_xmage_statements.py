"""The statements of a generated method body (`cardgen.vocab.java_statements`) are spelled by one macro
per form in `_statements.java.j2`, each nested block indented four more than the statement holding it."""

from __future__ import annotations

from cardgen.engines.xmage.java_expr import Raw, Str, call, fmt, new
from cardgen.engines.xmage.lower_parts import INDENT, assign, stmt
from cardgen.engines.xmage.render import environment
from cardgen.vocab.java_statements import Assign, Do, ForEach, If, Local, NullGuard, Statement

PAD = " " * INDENT
"""The indentation of a constructor's statements, where card.java.j2 writes an ability block."""

_EFFECT = new("GainLifeEffect", *(Str(f"clause number {i} of a long line") for i in range(4)))
_LONG = call("ability", "addEffect", _EFFECT)
"""Expressions too long for one line, so `fmt` breaks them over several."""


def _write(*body: Statement, pad: str = "        ") -> str:
    return str(environment().get_template("_statements.java.j2").module.statements(body, pad))


def test_a_call_statement_ends_with_a_semicolon() -> None:
    assert _write(Do("game.processAction()")) == "        game.processAction();\n"


def test_a_local_declares_its_type_and_name() -> None:
    assert _write(Local("Cards", "exiled", "new CardsImpl()"), pad="") == "Cards exiled = new CardsImpl();\n"


def test_an_assign_gives_a_declared_local_a_new_value() -> None:
    assert _write(Assign("ability", "new SimpleStaticAbility(x)"), pad="") == "ability = new SimpleStaticAbility(x);\n"


def test_a_constructor_statement_is_a_call_laid_out_at_the_constructor_indent() -> None:
    statement = stmt(_LONG)
    assert isinstance(statement, Do)
    assert "\n" in statement.expression
    assert _write(statement, pad=PAD) == PAD + fmt(_LONG, INDENT) + ";\n"


def test_a_constructor_declaration_is_a_local_laid_out_after_its_equals_sign() -> None:
    statement = assign("Ability ability", _EFFECT)
    laid_out = fmt(_EFFECT, INDENT, offset=len("Ability ability = "))
    assert "\n" in laid_out
    assert statement == Local("Ability", "ability", laid_out)
    assert _write(statement, pad=PAD) == PAD + "Ability ability = " + laid_out + ";\n"


def test_a_constructor_reassignment_of_a_bare_name_is_an_assign() -> None:
    assert assign("ability", Raw("other")) == Assign("ability", "other")
    assert _write(assign("ability", Raw("other")), pad=PAD) == PAD + "ability = other;\n"


def test_a_null_guard_returns_false() -> None:
    assert _write(NullGuard("player"), pad="") == "if (player == null) {\n    return false;\n}\n"


def test_an_if_with_an_else_indents_both_branches() -> None:
    text = _write(If("promised", (Do("a()"),), (Do("b()"),)), pad="")
    assert text == "if (promised) {\n    a();\n} else {\n    b();\n}\n"


def test_an_if_without_else_writes_no_else() -> None:
    assert _write(If("x != null", (Do("x.run()"),)), pad="") == "if (x != null) {\n    x.run();\n}\n"


def test_nested_blocks_indent_by_depth_and_keep_an_expression_laid_out_over_lines() -> None:
    loop = ForEach("UUID", "id", "ids", (Local("Permanent", "permanent", "game.getPermanent(id)"),
                                         If("permanent != null", (Do("permanent.destroy(\n    x\n)"),))))
    assert _write(loop, Do("done()"), pad="  ") == (
        "  for (UUID id : ids) {\n"
        "      Permanent permanent = game.getPermanent(id);\n"
        "      if (permanent != null) {\n"
        "          permanent.destroy(\n    x\n);\n"
        "      }\n"
        "  }\n"
        "  done();\n")


def test_an_empty_body_writes_nothing() -> None:
    assert _write() == ""
