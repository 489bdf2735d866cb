"""Reading the card's own classes back: a token it creates (XMage's, a predefined one, or the card's own
`TokenImpl`), a keyword ability, and an effect class of the card's own (by the construct that reads it,
`xmage.read_local`, or as a sequence effect by `read_sequence`).

`OwnClassReading` is one part of `reader.ClassReader` (it reads the class reader's `locals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engines.xmage import data
from cardgen.engines.xmage.forms import KEYWORD_CLASSES
from cardgen.engines.xmage.java_expr import Call, Expr, New, Raw, Str
from cardgen.engines.xmage.java_parse import ClassDecl, child, expr, statements, text
from cardgen.engines.xmage.lower_inner import PREDEFINED_TOKEN_CLASSES
from cardgen.engines.xmage.read_filters import Read, ReadError, _int
from cardgen.engines.xmage.read_sequence import SequenceReader
from cardgen.vocab import EFFECTS

if TYPE_CHECKING:
    from cardgen.engines.xmage.reader import EffectReader

KEYWORD_OF = {cls: word for word, cls in KEYWORD_CLASSES.items()}
TOKEN_OF = {cls: word for word, cls in PREDEFINED_TOKEN_CLASSES.items()}
COLOR_OF = {"setWhite": "W", "setBlue": "U", "setBlack": "B", "setRed": "R", "setGreen": "G"}
SUPERTYPES = {"BASIC": "Basic", "LEGENDARY": "Legendary", "SNOW": "Snow", "WORLD": "World"}
_LOCAL_READERS = [read for c in EFFECTS.values() if (read := c.xmage.read_local) is not None]


def read_keyword(arg: Expr) -> str | None:
    if isinstance(arg, Call) and arg.method == "getInstance" and isinstance(arg.receiver, Raw):
        return KEYWORD_OF.get(arg.receiver.text)
    if isinstance(arg, New) and not arg.args:
        return KEYWORD_OF.get(arg.cls)
    return None


class OwnClassReading:
    """Reads tokens and the card's own effect classes (the class reader's part for them)."""

    locals: dict[str, ClassDecl]

    def token(self, arg: Expr, node: Any) -> Any:
        if isinstance(arg, New) and not arg.args and arg.cls in TOKEN_OF:
            return TOKEN_OF[arg.cls]
        if isinstance(arg, New) and not arg.args and arg.cls in data.known_tokens():
            return {k: (list(v) if isinstance(v, list) else v) for k, v in data.known_tokens()[arg.cls].items()
                    if v not in (None, [])}
        if isinstance(arg, New) and not arg.args and arg.cls in self.locals \
                and self.locals[arg.cls].superclass == "TokenImpl":
            return self.token_def(self.locals[arg.cls])
        raise ReadError(f"token not understood: {arg.flat()[:80]}", node=node)

    def token_def(self, decl: ClassDecl) -> dict[str, Any]:
        constructor = next((c for c in decl.constructors if "final" not in text(child(c, "parameters"))),
                           None)
        if constructor is None:
            raise ReadError(f"token class {decl.name} has no constructor", node=decl.node)
        token: dict[str, Any] = {"types": [], "colors": [], "subtypes": [], "supertypes": [], "keywords": []}
        pt: dict[str, str] = {}
        for item in statements(child(constructor, "body")):
            node = item.node
            if node.type == "explicit_constructor_invocation":
                arguments = [expr(c) for c in child(node, "arguments").named_children]
                if not arguments or not isinstance(arguments[0], Str):
                    raise ReadError("token name not understood", node=node)
                name = arguments[0].value
                token["name"] = name[: -len(" Token")] if name.endswith(" Token") else name
                continue
            inner = node.named_children[0] if node.type == "expression_statement" else None
            if inner is not None and inner.type == "assignment_expression":
                left = text(child(inner, "left"))
                right = expr(child(inner, "right"))
                if left in ("power", "toughness", "this.power", "this.toughness") and isinstance(right, New):
                    pt[left.split(".")[-1]] = str(_int(right.args[0], node))
                    continue
            value = expr(inner) if inner is not None else None
            if isinstance(value, Call) and isinstance(value.receiver, Raw) and len(value.args) == 1:
                receiver, argument = value.receiver.text.removeprefix("this."), value.args[0].flat()
                if receiver == "cardType" and value.method == "add" and argument.startswith("CardType."):
                    token["types"].append(argument[len("CardType."):].capitalize())
                    continue
                if receiver == "supertype" and value.method == "add" and argument.startswith("SuperType."):
                    token["supertypes"].append(SUPERTYPES[argument[len("SuperType."):]])
                    continue
                if receiver == "subtype" and value.method == "add" and argument.startswith("SubType."):
                    printed = data.subtype_descriptions().get(argument[len("SubType."):])
                    if printed is not None:
                        token["subtypes"].append(printed)
                        continue
                if receiver == "color" and value.method in COLOR_OF and argument == "true":
                    token["colors"].append(COLOR_OF[value.method])
                    continue
            if isinstance(value, Call) and value.method == "addAbility" and len(value.args) == 1:
                keyword = read_keyword(value.args[0])
                if keyword is not None:
                    token["keywords"].append(keyword)
                    continue
            raise ReadError(f"token statement not understood: {text(node)[:80]}", node=node)
        if pt:
            token["pt"] = f"{pt.get('power')}/{pt.get('toughness')}"
        return token

    def local_effect(self, decl: ClassDecl, value: New, effects: EffectReader, node: Any) -> Read:
        for own in _LOCAL_READERS:
            found = own(effects, decl, value, node, text(decl.node))
            if found is not None:
                return found
        if decl.superclass == "OneShotEffect" and not value.args and "apply" in decl.methods:
            return SequenceReader(self, decl, effects).read()
        raise ReadError(f"class {decl.name} is not one this reader knows", node=node)
