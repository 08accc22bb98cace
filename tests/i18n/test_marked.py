"""CI fails when a string meant for a person is not marked for translation (issue 30).

Templates: each template is read with Django's own Lexer. Text outside
``{% translate %}``/``{% blocktranslate %}`` must hold no words once tags, variables,
entities and punctuation are taken away, and neither may the attributes a person reads
or hears (title, alt, placeholder, aria-label...). A filter's quoted argument with words
(``|default:"No rolls"``: a sentence, or a capitalised word) fails too.

Python (ast): a string literal given as ``label=``, ``help_text=``, ``verbose_name=``,
``empty_label=``..., the label of a choice (``X = "x", "Label"`` in a TextChoices, or
``choices=[("x", "Label")]``), the message of ``ValidationError(...)``,
``messages.success(...)``/``error``/..., and the text of ``HttpResponse...(...)``: each
must be wrapped in gettext (a call), not a bare literal or an f-string.

Only the covered paths (tests/i18n/covered.py) are checked. ALLOWED lists the words that
stay as they are in every language, and where."""

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType

from tests.i18n.covered import is_covered

ROOT = Path(__file__).resolve().parents[2]

# Words that are the same in every language (proper nouns), anywhere.
ALLOWED_WORDS = {"Tableside", "UTC"}
# Attributes whose value a person reads or hears.
READ_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "aria-description",
                   "aria-roledescription", "aria-valuetext", "label", "value"}  # fmt: skip
# <input value="..."> is read on buttons only; elsewhere value is data (a <button>'s
# value too: its words are its content).
VALUE_READ_ON = {"submit", "button", "reset"}
UNREAD_CONTENT = {"script", "style"}  # scripts: the djangojs catalogue's (test_catalogue)
# where a template tag or variable was: no words of its own, and spaced so that a tag
# inside an HTML tag (<div{% if x %} hidden{% endif %}>) leaves the tag readable
HOLE = " \ue000 "
URL = re.compile(r"https?://")  # an address shown as an example is no sentence
# {% block NAME %}...{% endblock %} whose content is markup, not words: CSS classes
UNREAD_BLOCKS = re.compile(r".*_class$")

LETTERS = re.compile(r"[^\W\d_]{2,}")


def has_words(text: str) -> bool:
    for word in ALLOWED_WORDS:
        text = text.replace(word, " ")
    return bool(LETTERS.search(text))


def covered_files(folder: str, suffix: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob(f"*{suffix}")):
        relative = path.relative_to(ROOT).as_posix()
        if is_covered(relative) and "/migrations/" not in relative:
            found.append(relative)
    return found


# ---------------------------------------------------------------- templates


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.unmarked: list[str] = []
        self.inside: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in UNREAD_CONTENT:
            self.inside.append(tag)
        attributes = dict(attrs)
        for name, value in attrs:
            if name not in READ_ATTRIBUTES or not value:
                continue
            if name == "value" and (tag != "input" or attributes.get("type") not in VALUE_READ_ON):
                continue
            if has_words(value) and not URL.match(value):
                self.unmarked.append(f'<{tag} {name}="{value}">')

    def handle_endtag(self, tag):
        if self.inside and self.inside[-1] == tag:
            self.inside.pop()

    def handle_data(self, data):
        if not self.inside and has_words(data):
            self.unmarked.append(data.strip().replace(HOLE.strip(), "{…}"))


QUOTED = re.compile(r""":\s*(?P<q>["'])(?P<text>.*?)(?P=q)""")


def skeleton(source: str) -> tuple[str, list[str]]:
    """The template's HTML with every tag and variable a hole, what is translated (and
    comments) gone; and the variables' quoted filter arguments that hold words."""
    parts, unmarked, skipping = [], [], None
    for token in Lexer(source).tokenize():
        if skipping:
            if token.token_type == TokenType.BLOCK and token.contents.split()[0] == skipping:
                skipping = None
                parts.append(HOLE)
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
        elif token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans"):
                skipping = "end" + name
            elif name == "comment":
                skipping = "endcomment"
            elif name == "block" and UNREAD_BLOCKS.match(token.contents.split()[-1]):
                skipping = "endblock"
            parts.append(HOLE)
        elif token.token_type == TokenType.VAR:
            for match in QUOTED.finditer(token.contents):
                text = match["text"]  # a sentence or a capitalised word; not a CSS class
                if has_words(text) and (" " in text.strip() or text[:1].isupper()):
                    unmarked.append(f"{{{{ {token.contents} }}}}")
            parts.append(HOLE)
    return "".join(parts), unmarked


def unmarked_in_template(source: str) -> list[str]:
    html, unmarked = skeleton(source)
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return unmarked + reader.unmarked


TEMPLATES = covered_files("templates", ".html")


@pytest.mark.parametrize("path", TEMPLATES)
def test_every_word_of_a_template_is_marked(path):
    unmarked = unmarked_in_template((ROOT / path).read_text(encoding="utf-8"))
    assert not unmarked, f"{path}: not marked for translation: {unmarked}"


def test_the_template_check_finds_unmarked_words():
    """The check itself: it must see text, attributes and filter arguments, and leave
    translated, commented and markup-only parts alone."""
    assert unmarked_in_template("<p>Roll the dice</p>") == ["Roll the dice"]
    assert unmarked_in_template('<a title="Back home" href="/">&rarr;</a>') == [
        '<a title="Back home">'
    ]
    assert unmarked_in_template('{{ roll.label|default:"No rolls yet" }}') == [
        '{{ roll.label|default:"No rolls yet" }}'
    ]
    assert unmarked_in_template('<input type="submit" value="Send it">') != []
    # a <button>'s value is data (its words are its content); an example address; a
    # template tag inside an HTML tag; a block that holds CSS classes
    assert (
        unmarked_in_template('<button name="answer" value="yes">{% translate "Yes" %}</button>')
        == []
    )
    assert unmarked_in_template('<input placeholder="https://example.com/hooks/…">') == []
    assert (
        unmarked_in_template('<div{% if x %} hx-get="{{ u }}" hx-trigger="change"{% endif %}>')
        == []
    )
    assert unmarked_in_template("{% block main_class %}container sheet-page{% endblock %}") == []
    assert unmarked_in_template("{% block title %}Sheet{% endblock %}") == ["{…} Sheet {…}"]
    clean = (
        '{% load i18n %}<p class="lead">{% translate "Roll the dice" %}: {{ n }} ·</p>'
        "{% blocktranslate trimmed %}You have {{ n }} dice{% endblocktranslate %}"
        "{# a comment #}{% comment %}Old words{% endcomment %}"
        '<input type="hidden" name="next" value="somewhere">'
        "<script>var words = 'kept for the js catalogue';</script>"
        "<a href=\"{% url 'home' %}\" aria-label=\"{% translate 'Home' %}\">Tableside</a>"
    )
    assert unmarked_in_template(clean) == []


# ---------------------------------------------------------------- Python

TEXT_KEYWORDS = {"label", "help_text", "verbose_name", "verbose_name_plural", "empty_label",
                 "placeholder", "title", "message", "error_messages", "label_suffix"}  # fmt: skip
MESSAGE_FUNCTIONS = {"debug", "info", "success", "warning", "error", "add_message"}
CHOICE_BASES = {"TextChoices", "IntegerChoices", "Choices"}


def _literal_words(node) -> bool:
    """A bare string literal (or f-string, or concatenation of them) with words."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return has_words(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(_literal_words(part) for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _literal_words(node.left)
    if isinstance(node, ast.Dict):
        return any(_literal_words(value) for value in node.values)
    return False


def _name(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _choices_labels(node):
    if isinstance(node, (ast.List, ast.Tuple)):
        for item in node.elts:
            if isinstance(item, ast.Tuple) and len(item.elts) == 2:
                yield item.elts[1]


def unmarked_in_python(source: str) -> list[str]:
    unmarked = []
    tree = ast.parse(source)

    def flag(node):
        unmarked.append(f"line {node.lineno}: {ast.unparse(node)[:80]}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = _name(node.func)
            for keyword in node.keywords:
                if keyword.arg in TEXT_KEYWORDS and _literal_words(keyword.value):
                    flag(keyword.value)
                if keyword.arg == "choices":
                    for label in _choices_labels(keyword.value):
                        if _literal_words(label):
                            flag(label)
            first = node.args[0] if node.args else None
            if called in MESSAGE_FUNCTIONS and _name(getattr(node.func, "value", None)) == (
                "messages"
            ):
                text = node.args[2] if called == "add_message" and len(node.args) > 2 else None
                text = text if text is not None else (node.args[1] if len(node.args) > 1 else None)
                if text is not None and _literal_words(text):
                    flag(text)
            elif (
                (called == "ValidationError" or called.startswith("HttpResponse"))
                and first is not None
                and _literal_words(first)
            ):
                flag(first)
        elif isinstance(node, ast.ClassDef):
            is_choices = any(_name(base) in CHOICE_BASES for base in node.bases)
            for statement in node.body:
                if not isinstance(statement, ast.Assign):
                    continue
                targets = {_name(target) for target in statement.targets}
                value = statement.value
                if targets & {"verbose_name", "verbose_name_plural"} and _literal_words(value):
                    flag(value)
                if is_choices and isinstance(value, ast.Tuple) and _literal_words(value.elts[-1]):
                    flag(value.elts[-1])
    return unmarked


PYTHON = (
    covered_files("config", ".py") + covered_files("sheets", ".py") + covered_files("rolls", ".py")
)


@pytest.mark.parametrize("path", PYTHON)
def test_every_user_facing_python_string_is_marked(path):
    unmarked = unmarked_in_python((ROOT / path).read_text(encoding="utf-8"))
    assert not unmarked, f"{path}: not marked for translation: {unmarked}"


def test_the_python_check_finds_unmarked_strings():
    cases = {
        'forms.CharField(label="Your name")': 1,
        'forms.CharField(label=_("Your name"))': 0,
        'raise ValidationError("Too many dice.")': 1,
        'raise ValidationError(_("Too many dice."), code="many")': 0,
        'messages.success(request, f"Welcome, {name}.")': 1,
        'messages.success(request, _("Welcome, %(name)s.") % {"name": name})': 0,
        'HttpResponseBadRequest("Choose a theme.")': 1,
        'HttpResponse(b"", status=204)': 0,
        'class Theme(models.TextChoices):\n    DARK = "dark", "Dark"': 1,
        'class Theme(models.TextChoices):\n    DARK = "dark", _("Dark")': 0,
        'class Meta:\n    verbose_name_plural = "preferences"': 1,
        'models.CharField(choices=[("a", "All of them")])': 1,
    }
    for source, expected in cases.items():
        assert len(unmarked_in_python(source)) == expected, source


def test_the_covered_paths_exist():
    from tests.i18n.covered import COVERED

    missing = [path for path in COVERED if not (ROOT / path.removesuffix("*")).exists()]
    assert not missing, f"tests/i18n/covered.py names paths that are gone: {missing}"


def test_a_folder_star_covers_its_own_files_only(monkeypatch):
    from tests.i18n import covered

    monkeypatch.setattr(covered, "COVERED", ("sheets/*", "sheets/editing/"))
    assert covered.is_covered("sheets/views.py")
    assert covered.is_covered("sheets/editing/views.py")  # named whole ("sheets/editing/")
    assert not covered.is_covered("sheets/systems/mutant/forms.py")  # under sheets/, deeper


def test_every_system_is_covered():
    from tests.i18n.covered import is_covered

    for path in ("sheets/systems/mutant/forms.py", "rolls/systems/twilight/actions/combat.py",
                 "sheets/systems/agents/dice/rules.py", "templates/sheets/slots/sheet.html",
                 "templates/rolls/zombie/_result.html", "static/js/dashboard.js"):  # fmt: skip
        assert is_covered(path), path


def test_every_model_and_field_of_ours_has_a_translated_name():
    """The admin's columns and forms, the history page's "what changed" lines and any
    form without labels of its own name a field by its verbose_name: one left to Django
    (made from the attribute, "know the zone") is English in every language."""
    from django.apps import apps
    from django.utils.functional import Promise

    unnamed = []
    # config's one model (kept answers of keyed requests) is in no admin and no page
    for app in ("sheets", "rolls"):
        for model in apps.get_app_config(app).get_models():
            if model.__name__.startswith("Historical"):  # django-simple-history's copies
                continue
            if not isinstance(model._meta.verbose_name, Promise):
                unnamed.append(f"{model.__name__}.Meta.verbose_name")
            if not isinstance(model._meta.verbose_name_plural, Promise):
                unnamed.append(f"{model.__name__}.Meta.verbose_name_plural")
            for field in model._meta.get_fields():
                # reverse relations (ManyToOneRel...) have no name of their own to give
                if not field.concrete or field.auto_created:
                    continue
                if not isinstance(field.verbose_name, Promise):
                    unnamed.append(f"{model.__name__}.{field.name}")
    assert not unnamed, f"give these a gettext_lazy name: {unnamed}"


PROPER_NOUN_CHOICES = {("Character", "system")}  # the games' names (docs/glossary-sv.md)


def test_every_choice_of_our_models_reads_in_the_readers_language():
    """A field's choices name its values in the admin's lists, filters and forms: a
    label made from the value (``"open".title()``) is English in every language."""
    from django.apps import apps
    from django.utils.functional import Promise

    unnamed = []
    for app in ("sheets", "rolls"):
        for model in apps.get_app_config(app).get_models():
            if model.__name__.startswith("Historical"):
                continue
            for field in model._meta.concrete_fields:
                if (model.__name__, field.name) in PROPER_NOUN_CHOICES:
                    continue
                for value, label in field.flatchoices or ():
                    # a rating ("A") or a die ("D6") is a code of the game, not a word
                    code = len(str(label)) <= 3
                    if not isinstance(label, Promise) and not code:
                        unnamed.append(f"{model.__name__}.{field.name}={value!r}")
    assert not unnamed, f"give these choices a gettext_lazy label: {unnamed}"
