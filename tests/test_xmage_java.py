"""Java escaping: any text becomes a string literal (or `//` comment) that denotes exactly that text and
cannot end early, so text from a spec can never become code."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardgen.engines.xmage.java_parse import parse, text
from cardgen.engines.xmage.java_text import (
    comment,
    comment_value,
    escape,
    is_identifier,
    java_string,
    literal_value,
    unescape,
)

ANY_TEXT = st.text(st.characters(exclude_categories=("Cs",)))


def test_escapes():
    assert java_string('say "hi"\\') == '"say \\"hi\\"\\\\"'
    assert java_string("a\nb\r\tc") == '"a\\nb\\r\\tc"'
    assert java_string("Lórien") == '"L\\u00f3rien"'
    assert java_string("\U0001F600") == '"\\ud83d\\ude00"'
    assert java_string("\\u000a") == '"\\\\u000a"'  # a literal backslash-u stays text


def test_unescape_reads_java_escapes():
    assert unescape("\\u00e9\\uu0041\\101\\s\\'") == "éAA '"
    assert unescape("a\\/b", slash=True) == "a/b"


@given(ANY_TEXT)
def test_escape_round_trips(value: str):
    assert unescape(escape(value)) == value
    assert literal_value(java_string(value)) == value


@given(ANY_TEXT)
def test_escaped_text_has_no_line_break_and_only_printable_ascii(value: str):
    body = escape(value)
    assert all(0x20 <= ord(char) < 0x7F for char in body)
    lowered = body.lower()
    assert "\\u000a" not in lowered.replace("\\\\", "") and "\\u000d" not in lowered.replace("\\\\", "")


@given(ANY_TEXT)
def test_literal_and_comment_stay_inside_a_class(value: str):
    source = f"class A {{\n    {comment(value)}\n    String s = {java_string(value)};\n    int after = 1;\n}}\n"
    root = parse(source.encode())
    body = root.named_children[0].child_by_field_name("body")
    members = [n for n in body.named_children]
    assert [n.type for n in members] == ["line_comment", "field_declaration", "field_declaration"]
    assert comment_value(text(members[0])) == value
    declarator = members[1].child_by_field_name("declarator")
    assert literal_value(text(declarator.child_by_field_name("value"))) == value


def test_identifiers():
    assert is_identifier("BloomingBlast")
    assert not is_identifier("class") and not is_identifier("1abc") and not is_identifier("")


def javac_unicode(source: str) -> str:
    """What javac sees after its first step (JLS 3.3), which runs before lexing, inside comments too: a
    backslash preceded by an even number of backslashes followed by `u`s and four hex digits is the char."""
    out: list[str] = []
    i, run = 0, 0
    while i < len(source):
        char = source[i]
        if char == "\\" and run % 2 == 0 and source.startswith("u", i + 1):
            j = i + 1
            while j < len(source) and source[j] == "u":
                j += 1
            digits = source[j:j + 4]
            if len(digits) == 4 and all(c in "0123456789abcdefABCDEF" for c in digits):
                out.append(chr(int(digits, 16)))
                i, run = j + 4, 0
                continue
        run = run + 1 if char == "\\" else 0
        out.append(char)
        i += 1
    return "".join(out)


@given(ANY_TEXT)
def test_no_text_can_end_a_comment_or_literal_after_javac_unicode_translation(value: str):
    """`\\u000a` would end a `//` comment and `*\\u002f` a doc comment even though they are escapes: javac
    translates them first. The escaped forms translate to no line break, no `*/` and no bare quote."""
    from cardgen.engines.xmage.render import doc_string

    line = javac_unicode(comment(value))
    assert "\n" not in line and "\r" not in line
    doc = javac_unicode(doc_string(value))
    assert "*/" not in doc and "\n" not in doc and "\r" not in doc
    literal = javac_unicode(java_string(value))[1:-1]
    assert "\n" not in literal and "\r" not in literal
    assert all(literal[:index].endswith("\\") and (len(literal[:index]) - len(literal[:index].rstrip("\\"))) % 2
               for index, char in enumerate(literal) if char == '"')
