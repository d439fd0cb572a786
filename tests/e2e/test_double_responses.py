"""The double says only what Discord says: its answers are read against the response schemas
of Discord's spec strictly (no field the spec does not list, none it requires missing, a status
the operation gives), while requests stay as lenient as Discord is."""

from __future__ import annotations

import json

from tests.double.openapi import NO_BODY, Operation, contract


def _operation(method: str, path: str) -> Operation:
    found = contract().operation(method, path)
    assert found is not None
    return found[0]


def test_a_status_or_body_the_operation_never_answers_is_caught() -> None:
    spec = contract()
    # Deleting a channel answers the channel (200); a thread is made with 201.
    [gone] = spec.check_answer("DELETE", "/channels/1", 204, "", b"")
    assert gone.code == "UNKNOWN_STATUS" and gone.message == "delete_channel never answers 204"
    [made] = spec.check_answer("POST", "/channels/1/messages/2/threads", 200,
                               "application/json", b"{}")
    assert made.message == "create_thread_from_message never answers 200"
    [body] = spec.check_answer("DELETE", "/channels/1/messages/2", 204, "application/json",
                               b"{}")
    assert body.message == "delete_message answers 204 with no body"
    deleted = _operation("DELETE", "/channels/1/messages/2")
    assert deleted.check_response("DELETE", "/channels/1/messages/2", 204, NO_BODY) == []
    [missing] = spec.check_answer("GET", "/gateway", 200, "", b"")
    assert missing.code == "BASE_TYPE_REQUIRED"
    assert spec.check_answer("GET", "/gateway", 200, "application/json",
                             b'{"url": "wss://gateway.discord.gg"}') == []


def test_the_strict_reading_follows_refs_unions_and_compositions() -> None:
    """An object takes the properties of every schema that applies to it: allOf branches
    together, the union branch it fits (not one it fails), and a map stays open."""
    operation = _operation("GET", "/channels/1")
    thread = {"id": "5", "type": 11, "flags": 0, "guild_id": "1", "name": "t", "owner_id": "2",
              "parent_id": "3", "message_count": 0, "member_count": 1, "total_message_sent": 0,
              "thread_metadata": {"archived": False, "auto_archive_duration": 60,
                                  "archive_timestamp": "2024-01-01T00:00:00+00:00",
                                  "locked": False}}
    assert operation.check_response("GET", "/channels/5", 200, thread) == []
    # A text channel's field on a thread: the branch that has it does not fit a thread.
    [topic] = operation.check_response("GET", "/channels/5", 200, {**thread, "topic": "x"})
    assert (topic.field, topic.message) == (("topic",), "not a field of ThreadResponse")
    [deep] = operation.check_response(
        "GET", "/channels/5", 200,
        {**thread, "thread_metadata": {**thread["thread_metadata"], "pinned": True}})
    assert deep.field == ("thread_metadata", "pinned") and deep.value is True
    [number] = operation.check_response("GET", "/channels/5", 200, {**thread, "id": 5})
    assert (number.field, number.code) == (("id",), "SNOWFLAKE_AS_NUMBER")

    # Discord's error answer is allOf [Error, {errors}]: each branch's fields are its own.
    error = {"code": 10008, "message": "Unknown Message"}
    delete = _operation("DELETE", "/channels/1/messages/2")
    assert delete.check_response("DELETE", "/channels/1/messages/2", 400, error) == []
    [extra] = delete.check_response("DELETE", "/channels/1/messages/2", 400,
                                    {**error, "hint": "none"})
    assert extra.field == ("hint",) and "ErrorResponse" in extra.message

    # A map (additionalProperties): any key, each value checked as the map's values.
    counts = _operation("GET", "/guilds/1/roles/member-counts")
    assert counts.check_response("GET", "/guilds/1/roles/member-counts", 200,
                                 {"11": 3, "12": 0}) == []


def test_requests_stay_as_lenient_as_discord() -> None:
    """Discord ignores fields of a request it does not know: the strict reading is for the
    double's answers only."""
    body = {"content": "hi", "not_a_field": True, "embeds": [{"title": "t", "colour": 1}]}
    assert contract().check_request("POST", "/channels/1/messages", [], "application/json",
                                    json.dumps(body).encode()) == []


def test_the_code_exchange_answers_as_discords_oauth2_page_says() -> None:
    spec = contract()
    answer = {"access_token": "a", "token_type": "Bearer", "expires_in": 604800,
              "refresh_token": "r", "scope": "identify"}
    assert spec.check_answer("POST", "/oauth2/token", 200, "application/json",
                             json.dumps(answer).encode()) == []
    [extra] = spec.check_answer("POST", "/oauth2/token", 200, "application/json",
                                json.dumps({**answer, "id_token": "x"}).encode())
    assert extra.where == "response" and "id_token" in extra.message
    [left_out] = spec.check_answer("POST", "/oauth2/token", 200, "application/json",
                                   json.dumps({**answer, "refresh_token": None}).encode())
    assert left_out.field == ("refresh_token",)
