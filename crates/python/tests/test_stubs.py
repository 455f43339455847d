"""The wheel ships its types: py.typed and a stub that names exactly what the extension
module has, class by class."""

import ast
import pathlib

import gridnote
from gridnote import _gridnote

PACKAGE = pathlib.Path(gridnote.__file__).parent


def stub_names():
    tree = ast.parse((PACKAGE / "_gridnote.pyi").read_text(encoding="utf-8"))
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members.add(item.target.id)
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
    return names


def test_py_typed_is_shipped():
    assert (PACKAGE / "py.typed").is_file()


def test_the_stub_names_every_public_name_of_the_module():
    public = {n for n in dir(_gridnote) if not n.startswith("_")}
    assert public == set(stub_names())


def test_the_stub_names_every_member_of_every_class():
    dunder_ok = {"__init__", "__iter__", "__next__", "__bool__", "__hash__"}
    error_fields = {"message", "span", "text", "format", "caret", "index"}
    for name, members in stub_names().items():
        if members is None:
            continue
        cls = getattr(_gridnote, name)
        if issubclass(cls, BaseException):
            err = None
            try:
                gridnote.read("3_/4_/3_ x")
            except gridnote.ParseError as e:
                err = e
            assert error_fields <= set(vars(err)), name
            continue
        runtime = {m for m in dir(cls) if not m.startswith("__")}
        stubbed = {m for m in members if not m.startswith("__")}
        assert runtime == stubbed, name
        assert {m for m in members if m.startswith("__")} <= dunder_ok | {
            m for m in dir(cls) if m.startswith("__")
        }, name
