"""Every CLI command that changes something lands in the audit log, with the operating-system
user as its actor (`cli:<name>`). The click group runs the command, then records it here, so no
command can forget: `AUDITED` names each writing command's action and the parameters it shows
(never a secret or a password)."""

from __future__ import annotations

from typing import Any

import click

# (group, command) -> (action, the parameters recorded as detail, the one used as target)
AUDITED: dict[tuple[str, str], tuple[str, tuple[str, ...], str | None]] = {
    ("orgs", "create"): ("org.create", ("name",), "name"),
    ("orgs", "approve-live"): ("org.live_approved", ("org",), "org"),
    ("orgs", "revoke-live"): ("org.live_withdrawn", ("org",), "org"),
    ("keys", "create"): ("key.create", ("org_ref", "mode", "scopes", "name"), "org_ref"),
    ("keys", "revoke"): ("key.revoke", ("key_id",), "key_id"),
    ("admin", "set-password"): ("password.set", (), None),
    ("users", "create"): ("user.create", ("username", "role"), "username"),
    ("users", "disable"): ("user.update", ("username", "enable"), "username"),
    ("users", "set-password"): ("user.password_set", ("username",), "username"),
    ("import", ""): ("review_set.import", ("path", "org_ref", "name", "mode", "set_id"), "org_ref"),
    ("console-url", ""): ("user.link_created", ("username",), "username"),
}


def leaf_of(group: click.Group, ctx: click.Context, args: list[str]) -> tuple[tuple[str, str], dict[str, Any]] | None:
    """The (group, command) names and parsed parameters the arguments name, without running anything."""
    names: list[str] = []
    command: click.Command = group
    parent = ctx
    remaining = list(args)
    while isinstance(command, click.Group) and remaining:
        name, sub, remaining = command.resolve_command(parent, remaining)
        if sub is None or name is None:
            return None
        names.append(name)
        command = sub
        parent = click.Context(sub, parent=parent, info_name=name, resilient_parsing=True)
    key = (names[0], names[1] if len(names) > 1 else "") if names else ("", "")
    if key not in AUDITED:
        return None
    with command.make_context(names[-1], remaining, parent=parent, resilient_parsing=True) as leaf:
        return key, dict(leaf.params)


def record(key: tuple[str, str], params: dict[str, Any]) -> None:
    from contractbox.audit.service import cli_actor
    from contractbox.audit.service import record as record_entry
    from contractbox.cli.common import open_store

    action, shown, target = AUDITED[key]
    detail = {name: params.get(name) for name in shown}
    target_value = params.get(target) if target else None
    record_entry(
        open_store(params.get("data_dir")),
        action,
        actor=cli_actor(),
        target=str(target_value) if target_value is not None else None,
        client="cli",
        command=" ".join(part for part in key if part),
        **detail,
    )


class AuditedGroup(click.Group):
    """The `contractbox` group: runs the command, then audits it when it changed something."""

    def invoke(self, ctx: click.Context) -> Any:
        args = (
            [*ctx._protected_args, *ctx.args] if hasattr(ctx, "_protected_args") else [*ctx.protected_args, *ctx.args]
        )
        try:
            audited = leaf_of(self, ctx, args)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            audited = None
        result = super().invoke(ctx)
        if audited is not None:
            record(*audited)
        return result
