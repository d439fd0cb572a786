"""Discord's published HTTP API as the double's contract: every request and answer checked
against it.

The spec is Discord's own OpenAPI 3.1 description of API v10 (``discord-api-spec/``, copied
from github.com/discord/discord-api-spec; ``make discord-spec`` refreshes it). A request is
checked as Discord would check it: its method and path must be an operation of the spec, its
query and path parameters the operation's, and its JSON body (or a multipart request's
``payload_json``) must validate against the operation's request schema. What fails is told
the way Discord tells it (400, code 50035 "Invalid Form Body", an ``errors`` object nesting
the field's path), so the bot meets the refusal it would meet in production.

Two readings of the spec, both Discord's own words: snowflakes may be JSON numbers (the API
takes "int-parseable strings" for ints and discord.py sends some ids as numbers, which the API
accepts), and ``x-discord-union: oneOf`` unions are read as the ``anyOf`` they are written as.
The double's own answers are checked against the operation's response schema too
(`Operation.check_response`), and more strictly than requests: their status must be one the
operation gives, an object may carry no field its schema does not list, and a snowflake is a
string, so the double says only what Discord says.
"""

from __future__ import annotations

import contextlib
import email.parser
import email.policy
import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_DIR = Path(__file__).parent / "discord-api-spec"
SPEC_URI = "urn:discord-api-spec"
SNOWFLAKE = "/components/schemas/SnowflakeType"
# Operations the bot uses that the spec leaves out: the OAuth2 code exchange is documented
# only in prose (discord-api-docs, topics/oauth2 "Authorization Code Grant"); the double
# checks it by that page in `tests.double.oauth`.
OUTSIDE_THE_SPEC = {("POST", "/oauth2/token")}
INVALID_FORM_BODY = 50035
# The code exchange's answer, as Discord's OAuth2 page shows it (discord-api-docs, topics/oauth2,
# "Access Token Response"): these five fields, a Bearer token.
OAUTH2_TOKEN_ANSWER = {
    "type": "object",
    "properties": {"access_token": {"type": "string", "minLength": 1},
                   "token_type": {"const": "Bearer"},
                   "expires_in": {"type": "integer", "minimum": 1},
                   "refresh_token": {"type": "string", "minLength": 1},
                   "scope": {"type": "string"}},
    "required": ["access_token", "token_type", "expires_in", "refresh_token", "scope"],
    "additionalProperties": False,
}

# Discord's error codes for the JSON Schema keyword a value broke (the ones its docs and
# answers show; anything else is BASE_TYPE_INVALID).
_CODES = {
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "required": "BASE_TYPE_REQUIRED",
    "maximum": "NUMBER_TYPE_MAX",
    "minimum": "NUMBER_TYPE_MIN",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "pattern": "STRING_TYPE_REGEX",
}


@dataclass(frozen=True)
class Violation:
    """One way a request (or the double's answer) breaks Discord's spec."""

    method: str
    path: str  # the concrete path after /api/v10
    where: str  # "operation", "query", "path", "body" or "response"
    field: tuple[str | int, ...]  # the offending value's path inside ``where``
    value: Any
    message: str
    code: str = "BASE_TYPE_INVALID"

    @property
    def field_name(self) -> str:
        return ".".join(map(str, self.field)) or "(the whole " + self.where + ")"

    def __str__(self) -> str:
        shown = repr(self.value)
        if len(shown) > 120:
            shown = shown[:117] + "..."
        if self.where == "operation":
            return f"{self.method} {self.path}: {self.message}"
        return (f"{self.method} {self.path}: {self.where} {self.field_name} = {shown}: "
                f"{self.message} ({self.code})")

    def discord_errors(self) -> dict[str, Any]:
        """Discord's ``errors`` object: the field's path as nested keys, ``_errors`` at its end."""
        errors: dict[str, Any] = {"_errors": [{"code": self.code, "message": self.message}]}
        for key in reversed(self.field):
            errors = {str(key): errors}
        return errors



def discord_body(violations: Iterable[Violation]) -> dict[str, Any]:
    """Discord's 400 answer to a body that broke its schema: every field's errors in one tree."""
    errors: dict[str, Any] = {}
    for violation in violations:
        _merge(errors, violation.discord_errors())
    return {"message": "Invalid Form Body", "code": INVALID_FORM_BODY, "errors": errors}


def _merge(into: dict[str, Any], errors: dict[str, Any]) -> None:
    for key, value in errors.items():
        if key == "_errors":
            into.setdefault(key, []).extend(value)
        else:
            _merge(into.setdefault(key, {}), value)


@dataclass
class Operation:
    """One method on one path of the spec, with validators made when first needed."""

    method: str
    template: str
    spec: Any  # the operation's object in the spec
    pointer: str  # JSON pointer of that object in the document
    path_parameters: Mapping[str, Any] = field(default_factory=dict)
    query_parameters: Mapping[str, Any] = field(default_factory=dict)

    @property
    def operation_id(self) -> str:
        return str(self.spec.get("operationId", ""))

    def request_schema(self) -> Draft202012Validator | None:
        """The JSON request body's validator (None: the operation takes no body)."""
        content = (self.spec.get("requestBody") or {}).get("content") or {}
        if "application/json" not in content:
            return None
        return _contract().validator(
            f"{self.pointer}/requestBody/content/application~1json/schema")

    def response_schema(self, status: int) -> Draft202012Validator | None:
        """The validator of the JSON answer with ``status`` (None: no such answer, or no body)."""
        try:
            pointer = self.response_pointer(status)
        except KeyError:
            return None
        return None if pointer is None else _contract().validator(pointer)

    def response_pointer(self, status: int) -> str | None:
        """The JSON pointer of the schema of the operation's JSON answer with ``status`` (None:
        that answer has no body); KeyError if the operation has no such answer."""
        responses = self.spec.get("responses") or {}
        key = str(status) if str(status) in responses else f"{str(status)[0]}XX"
        answer = responses[key]
        pointer = f"{self.pointer}/responses/{key}"
        if "$ref" in answer:  # a shared response of components/responses
            pointer = answer["$ref"].removeprefix("#")
            answer = _contract().resolve(pointer)
        if "application/json" not in (answer.get("content") or {}):
            return None
        return f"{pointer}/content/application~1json/schema"

    def check_response(self, method: str, path: str, status: int,
                       body: Any) -> list[Violation]:
        """How the answer ``body`` (`NO_BODY`: none) with ``status`` breaks the operation's
        response schema, read strictly: the status must be one the operation answers with, a
        body must come when the spec gives one (and not when it gives none), and an object
        whose schema lists its ``properties`` has no others (`Contract.invented`), so the
        double invents nothing. Requests stay read leniently, as Discord reads them."""
        try:
            pointer = self.response_pointer(status)
        except KeyError:
            return [Violation(method, path, "response", (), status,
                              f"{self.operation_id} never answers {status}", "UNKNOWN_STATUS")]
        if pointer is None:
            if body is _NO_BODY:
                return []
            return [Violation(method, path, "response", (), body,
                              f"{self.operation_id} answers {status} with no body")]
        if body is _NO_BODY:
            return [Violation(method, path, "response", (), None,
                              f"{self.operation_id} answers {status} with a JSON body",
                              "BASE_TYPE_REQUIRED")]
        spec = _contract()
        found = [_violation(_pick(error), method, path, "response", ())
                 for error in spec.answer_validator(pointer).iter_errors(body)]
        return found + [Violation(method, path, "response", field, value, why, code)
                        for field, value, why, code in spec.invented([pointer], body, ())]


class Contract:
    """The spec, loaded once: operations by method, found by path."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = _as_discord_reads_it(document)
        resource = Resource(contents=self.document, specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        self._operations: dict[str, list[tuple[re.Pattern[str], int, Operation]]] = {}
        for template, item in self.document["paths"].items():
            shared = item.get("parameters", [])
            for method, spec in item.items():
                if method == "parameters":
                    continue
                path_pointer = "/paths/" + _escape(template)
                pointer = path_pointer + "/" + method
                parameters = [
                    *(self._parameter(p, f"{path_pointer}/parameters/{i}")
                      for i, p in enumerate(shared)),
                    *(self._parameter(p, f"{pointer}/parameters/{i}")
                      for i, p in enumerate(spec.get("parameters", []))),
                ]
                operation = Operation(
                    method.upper(), template, spec, pointer,
                    {p["name"]: p for p in parameters if p.get("in") == "path"},
                    {p["name"]: p for p in parameters if p.get("in") == "query"},
                )
                regex = re.compile(
                    "^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$")
                literal = sum(1 for part in template.split("/") if part and part[0] != "{")
                self._operations.setdefault(method.upper(), []).append((regex, literal, operation))
        for candidates in self._operations.values():
            # /users/@me before /users/{user_id}: the more literal template wins, as Discord's
            # router picks it.
            candidates.sort(key=lambda entry: -entry[1])

    def _parameter(self, parameter: dict[str, Any], pointer: str) -> dict[str, Any]:
        """The parameter (a shared one looked up) and the pointer of its schema."""
        if "$ref" in parameter:
            pointer = parameter["$ref"].removeprefix("#")
            parameter = self.resolve(pointer)
        return {**parameter, "schema_pointer": pointer + "/schema"}

    def resolve(self, pointer: str) -> Any:
        node: Any = self.document
        for part in pointer.strip("/").split("/"):
            key = part.replace("~1", "/").replace("~0", "~")
            node = node[int(key)] if isinstance(node, list) else node[key]
        return node

    @functools.cache  # noqa: B019 (one Contract per process, never freed)
    def validator(self, pointer: str) -> Draft202012Validator:
        return Draft202012Validator({"$ref": SPEC_URI + "#" + pointer}, registry=self.registry)

    @functools.cache  # noqa: B019 (one Contract per process)
    def answer_validator(self, pointer: str) -> Draft202012Validator:
        """The validator of the double's answers: the same verdicts, reached sooner (a union
        tries only the branches that could take the value, `_may_take`), since the double
        checks every answer it gives while the bot waits for it."""
        return self._answer_class({"$ref": SPEC_URI + "#" + pointer}, registry=self.registry)

    @functools.cached_property
    def _answer_class(self) -> Any:
        def narrowed(keyword: str) -> Any:
            check = Draft202012Validator.VALIDATORS[keyword]

            def narrow(validator: Any, branches: list[Any], instance: Any,
                       schema: Any) -> Any:
                fitting = [b for b in branches if self._may_take(b, instance)]
                # None fitting: all of them, so the error says what each wanted.
                return check(validator, fitting or branches, instance, schema)
            return narrow

        return validators.extend(Draft202012Validator, {
            "oneOf": narrowed("oneOf"), "anyOf": narrowed("anyOf")})

    def invented(self, pointers: list[str], instance: Any, field: tuple[str | int, ...]
                 ) -> Iterable[tuple[tuple[str | int, ...], Any, str, str]]:
        """What ``instance`` (at ``field``) says that the schemas at ``pointers`` do not:
        (field, value, why, code) for each property no schema that applies to it lists, and for
        each snowflake sent as a number.

        Plain JSON Schema lets an object carry properties its schema does not name (the spec
        says nothing of additionalProperties almost everywhere). Read strictly, an object takes
        only the properties listed by the schemas that apply to it: the schema itself, what it
        refers to, every ``allOf`` branch, and the ``anyOf``/``oneOf`` branches it is valid
        against (a branch it fails says nothing about it). One that allows others
        (``additionalProperties``) keeps the object open, as does a schema listing none."""
        applying: list[str] = []
        for pointer in pointers:
            self._applying(pointer, instance, applying)
        nodes = [(pointer, self.resolve(pointer)) for pointer in applying]
        if SNOWFLAKE in applying and isinstance(instance, int):
            # The API takes numbers for snowflakes, but always answers with strings.
            yield field, instance, "Discord sends snowflakes as strings", "SNOWFLAKE_AS_NUMBER"
        if isinstance(instance, dict):
            closed = (any("properties" in node for _, node in nodes)
                      and not any(node.get("additionalProperties") not in (None, False)
                                  or "patternProperties" in node for _, node in nodes))
            for key, value in instance.items():
                inner = [f"{pointer}/properties/{_escape(key)}" for pointer, node in nodes
                         if key in node.get("properties", {})]
                inner += [f"{pointer}/additionalProperties" for pointer, node in nodes
                          if key not in node.get("properties", {})
                          and isinstance(node.get("additionalProperties"), dict)]
                if not inner and closed:
                    names = sorted({p.split("/")[3] for p, _ in nodes
                                    if p.startswith("/components/schemas/")
                                    and p.count("/") == 3}) or ["its schema"]
                    yield ((*field, key), value, "not a field of " + " or ".join(names),
                           "UNKNOWN_FIELD")
                elif inner:
                    yield from self.invented(inner, value, (*field, key))
        elif isinstance(instance, list):
            for index, item in enumerate(instance):
                inner = [f"{pointer}/prefixItems/{index}" for pointer, node in nodes
                         if index < len(node.get("prefixItems", []))]
                inner += [f"{pointer}/items" for pointer, node in nodes
                          if isinstance(node.get("items"), dict)
                          and index >= len(node.get("prefixItems", []))]
                if inner:
                    yield from self.invented(inner, item, (*field, index))

    def _applying(self, pointer: str, instance: Any, into: list[str]) -> None:
        """``pointer`` and every schema it applies in place to ``instance`` (refs, allOf, and
        the anyOf/oneOf branches ``instance`` is valid against), into ``into``."""
        node = self.resolve(pointer)
        if not isinstance(node, dict) or pointer in into:
            return
        into.append(pointer)
        if "$ref" in node:
            self._applying(node["$ref"].removeprefix("#"), instance, into)
        for index, _ in enumerate(node.get("allOf", [])):
            self._applying(f"{pointer}/allOf/{index}", instance, into)
        for keyword in ("anyOf", "oneOf"):
            branches = [f"{pointer}/{keyword}/{index}"
                        for index, _ in enumerate(node.get(keyword, []))]
            # Most unions are told apart by their JSON type or their "type" field (a component's,
            # an option's): ruling branches out by those first spares validating the whole
            # value against each, which at every level of a message costs more than the rest of
            # the check. A branch left alone applies (if the value breaks it, the validation
            # says so).
            branches = [branch for branch in branches
                        if self._may_take(self.resolve(branch), instance)]
            for branch in branches:
                if len(branches) == 1 or self.answer_validator(branch).is_valid(instance):
                    self._applying(branch, instance, into)

    def _may_take(self, node: Any, instance: Any) -> bool:
        """False when the schema ``node`` plainly cannot take ``instance``: another JSON type,
        or (for an object) a ``type`` field its schema does not allow."""
        while isinstance(node, dict) and set(node) == {"$ref"}:
            node = self.resolve(node["$ref"].removeprefix("#"))
        if not isinstance(node, dict):
            return True
        kinds = node.get("type")
        if kinds is not None:
            kinds = [kinds] if isinstance(kinds, str) else kinds
            if not any(_is_json_type(instance, kind) for kind in kinds):
                return False
        if "const" in node and node["const"] != instance:
            return False
        if isinstance(instance, dict) and "type" in instance:
            field = (node.get("properties") or {}).get("type")
            if isinstance(field, dict):
                allowed = field.get("enum", [field["const"]] if "const" in field else None)
                if allowed is not None and instance["type"] not in allowed:
                    return False
        return True

    def operation(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation ``method path`` calls and its path parameters (None: no such one)."""
        for regex, _, operation in self._operations.get(method.upper(), []):
            found = regex.match(path)
            if found is not None:
                return operation, found.groupdict()
        return None

    def check_request(self, method: str, path: str, query: Iterable[tuple[str, str]],
                      content_type: str, body: bytes) -> list[Violation]:
        """Every way the request breaks the spec (an empty list: it is one Discord takes)."""
        if (method, path) in OUTSIDE_THE_SPEC:
            return []
        found = self.operation(method, path)
        if found is None:
            known = any(regex.match(path) for entries in self._operations.values()
                        for regex, _, _ in entries)
            why = ("the spec has no such method on this path" if known
                   else "no operation of the spec has this path")
            return [Violation(method, path, "operation", (), None, why, "UNKNOWN_OPERATION")]
        operation, path_values = found
        violations: list[Violation] = []
        for name, value in path_values.items():
            parameter = operation.path_parameters.get(name)
            if parameter is not None:
                violations += self._check_parameter(method, path, "path", name, value, parameter)
        for name, value in query:
            parameter = operation.query_parameters.get(name)
            if parameter is None:
                violations.append(Violation(method, path, "query", (name,), value,
                                            "not a query parameter of " + operation.operation_id))
            else:
                violations += self._check_parameter(method, path, "query", name, value, parameter)
        try:
            payload = _json_payload(content_type, body)
        except ValueError:
            return [Violation(method, path, "body", (), body[:200],
                              "The request body contains invalid JSON.", "INVALID_JSON")]
        validator = operation.request_schema()
        if payload is not _NO_BODY and validator is not None:
            violations += _violations(validator, payload, method, path, "body")
        elif payload is not _NO_BODY and payload is not None and validator is None:
            violations.append(Violation(method, path, "body", (), payload,
                                        operation.operation_id + " takes no body"))
        return violations

    def check_answer(self, method: str, path: str, status: int, content_type: str,
                     body: bytes) -> list[Violation]:
        """Every way the double's answer breaks the spec (`Operation.check_response`); the code
        exchange's, outside the spec, against Discord's OAuth2 page instead."""
        try:
            payload = json.loads(body) if content_type.startswith("application/json") else (
                _NO_BODY if not body else body.decode("utf-8", "replace"))
        except ValueError:
            return [Violation(method, path, "response", (), body[:200], "not JSON", "INVALID_JSON")]
        if (method, path) in OUTSIDE_THE_SPEC:
            validator = Draft202012Validator(OAUTH2_TOKEN_ANSWER)
            return [_violation(error, method, path, "response", ())
                    for error in validator.iter_errors(payload)]
        found = self.operation(method, path)
        if found is None:  # the request was refused for it already
            return []
        return found[0].check_response(method, path, status, payload)

    def _check_parameter(self, method: str, path: str, where: str, name: str, value: str,
                         parameter: Mapping[str, Any]) -> list[Violation]:
        validator = self.validator(parameter["schema_pointer"])
        # A parameter travels as text: "5" is the integer 5, as the API reads it, and "true",
        # "True" or "1" the boolean true (discord-api-docs, reference: "Boolean Query
        # Strings"; discord.py sends 1 and 0).
        candidates: list[Any] = [value]
        if value in _BOOLEANS:
            candidates.append(_BOOLEANS[value])
        with contextlib.suppress(ValueError):
            candidates.append(json.loads(value))
        if any(validator.is_valid(candidate) for candidate in candidates):
            return []
        # Told against what the API would read the text as (the integer, not the string).
        errors = validator.iter_errors(candidates[-1])
        return [_violation(best_match(errors), method, path, where, (name,))]


_NO_BODY = NO_BODY = object()  # a request or answer without a body
_BOOLEANS = {"true": True, "True": True, "1": True, "false": False, "False": False, "0": False}


def _json_payload(content_type: str, body: bytes) -> Any:
    """The request's JSON document: the body itself, or a multipart request's payload_json."""
    if not body:
        return _NO_BODY
    if content_type.startswith("multipart/"):
        for name, _, data in multipart_fields(content_type, body):
            if name == "payload_json":
                return json.loads(data)
        return _NO_BODY
    if content_type.startswith("application/json"):
        return json.loads(body)
    return _NO_BODY


def multipart_fields(content_type: str, body: bytes) -> list[tuple[str, str | None, bytes]]:
    """A multipart/form-data body's fields, in order: (name, filename, bytes)."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body)
    fields = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True)
        fields.append((str(name or ""), part.get_filename(),
                       data if isinstance(data, bytes) else b""))
    return fields


def _violations(validator: Draft202012Validator, instance: Any, method: str, path: str,
                where: str) -> list[Violation]:
    errors = list(validator.iter_errors(instance))
    if not errors:
        return []
    return [_violation(_pick(errors[0]), method, path, where, ())]


def _pick(error: ValidationError) -> ValidationError:
    """The error a person would look at inside a union's failure: in the branch whose ``type``
    (or JSON type) the value has (the button's, for a component of type 2), the deepest one.
    jsonschema's own choice can land in another branch ("2 is not one of [10]")."""
    if not error.context:
        return error
    branches: dict[Any, list[ValidationError]] = {}
    for inner in error.context:
        branches.setdefault(inner.relative_schema_path[0], []).append(inner)
    fitting = [errors for errors in branches.values() if not any(
        (list(inner.relative_path) == ["type"] and inner.validator in ("enum", "const", "type"))
        or (not inner.relative_path and inner.validator == "type")  # null, for a number
        for inner in errors)]
    if len(fitting) != 1:  # no branch of its kind, or several: the union itself is the fault
        return best_match([error]) if not fitting else error
    return _pick(max(fitting[0], key=lambda inner: len(inner.absolute_path)))


def _violation(error: ValidationError, method: str, path: str, where: str,
               prefix: tuple[str | int, ...]) -> Violation:
    # best_match descends into a union's branches and picks the deepest error of the branch
    # that came closest, which is where a person would look (the label of the button, not
    # "components.0 is not valid under any of the given schemas").
    field = (*prefix, *error.absolute_path)
    code = _CODES.get(str(error.validator), "BASE_TYPE_INVALID")
    if error.validator == "required":
        missing = str(error.message).split("'")[1] if "'" in error.message else ""
        if missing:
            field = (*field, missing)
        return Violation(method, path, where, field, None, "This field is required", code)
    return Violation(method, path, where, field, error.instance, _message(error), code)


def _message(error: ValidationError) -> str:
    """The error in Discord's words where it has some (its docs' "Must be 80 or fewer in
    length."), else jsonschema's."""
    limit = error.validator_value
    if error.validator in ("maxLength", "maxItems"):
        return f"Must be {limit} or fewer in length."
    if error.validator in ("minLength", "minItems"):
        return f"Must be {limit} or more in length."
    if error.validator == "maximum":
        return f"int value should be less than or equal to {limit}."
    if error.validator == "minimum":
        return f"int value should be greater than or equal to {limit}."
    return str(error.message)


def _is_json_type(instance: Any, kind: str) -> bool:
    if kind == "integer":  # 1.0 is an integer too, as JSON Schema reads numbers
        return (isinstance(instance, int) and not isinstance(instance, bool)) or (
            isinstance(instance, float) and instance.is_integer())
    if kind == "number":
        return isinstance(instance, (int, float)) and not isinstance(instance, bool)
    expected = {"null": type(None), "boolean": bool, "string": str, "array": list,
                "object": dict}.get(kind)
    return expected is None or isinstance(instance, expected)


def _escape(template: str) -> str:
    return template.replace("~", "~0").replace("/", "~1")


def _as_discord_reads_it(document: dict[str, Any]) -> dict[str, Any]:
    """The spec (changed in place) with the API's documented leniency: a snowflake may be a
    JSON number."""
    schemas = document["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return document


@functools.cache
def _contract() -> Contract:
    return Contract(json.loads((SPEC_DIR / "openapi.json").read_text(encoding="utf-8")))


def contract() -> Contract:
    """The project's copy of Discord's spec, loaded once per process."""
    return _contract()
