"""The statements of a generated method body (`cardgen.vocab.java_statements`) are spelled by one macro
per form in `_statements.java.j2`, each nested block indented four more than the statement holding it."""

from __future__ import annotations

from cardgen.engines.xmage.render import environment
from cardgen.vocab.java_statements import Do, ForEach, If, Local, NullGuard, Statement


def _write(*body: Statement, pad: str = "        ") -> str:
    return str(environment().get_template("_statements.java.j2").module.statements(body, pad))


def test_a_call_statement_ends_with_a_semicolon() -> None:
    assert _write(Do("game.processAction()")) == "        game.processAction();\n"


def test_a_local_declares_its_type_and_name() -> None:
    assert _write(Local("Cards", "exiled", "new CardsImpl()"), pad="") == "Cards exiled = new CardsImpl();\n"


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
