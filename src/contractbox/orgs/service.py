"""Organizations: the tenants. Live access is granted per organization by an administrator."""

from __future__ import annotations

from dataclasses import dataclass

from contractbox.core.clock import now_iso
from contractbox.core.ids import new_id
from contractbox.core.store import Store


class OrgError(Exception):
    pass


@dataclass(frozen=True)
class Organization:
    id: str
    name: str
    live_approved: bool
    created_at: str

    @classmethod
    def from_row(cls, row: dict) -> Organization:
        return cls(row["id"], row["name"], bool(row["live_approved"]), row["created_at"])

    def as_json(self) -> dict:
        return {
            "orgId": self.id,
            "object": "organization",
            "name": self.name,
            "liveApproved": self.live_approved,
            "createdAt": self.created_at,
        }


MAX_NAME = 200
ID_PREFIX = "org_"


def validate_name(name: str) -> str:
    """A name to show and to find the organization by: 1 to MAX_NAME characters, and never one that
    reads like an id (`--org` takes an id or a name; `org_...` must mean the id)."""
    name = name.strip()
    if not name:
        raise OrgError("An organization needs a name.")
    if len(name) > MAX_NAME:
        raise OrgError(f"An organization name is at most {MAX_NAME} characters; this one has {len(name)}.")
    if name.lower().startswith(ID_PREFIX):
        raise OrgError(f"An organization name may not start with '{ID_PREFIX}': that is how ids start.")
    return name


def create_org(store: Store, name: str) -> Organization:
    name = validate_name(name)
    if store.query_one("SELECT id FROM organizations WHERE name = ?", (name,)):
        raise OrgError(f"An organization named '{name}' already exists.")
    org = Organization(new_id("org"), name, False, now_iso())
    with store.transaction() as db:
        db.table("organizations").insert(
            {"id": org.id, "name": org.name, "live_approved": 0, "created_at": org.created_at}
        )
    return org


def list_orgs(store: Store) -> list[Organization]:
    return [Organization.from_row(r) for r in store.query("SELECT * FROM organizations ORDER BY seq")]


def find_org(store: Store, ref: str) -> Organization:
    """An organization by id or exact name."""
    row = store.query_one("SELECT * FROM organizations WHERE id = ? OR name = ?", (ref, ref))
    if row is None:
        raise OrgError(f"No organization with id or name '{ref}'. List them with: contractbox orgs list")
    return Organization.from_row(row)


def get_org(store: Store, org_id: str) -> Organization | None:
    row = store.query_one("SELECT * FROM organizations WHERE id = ?", (org_id,))
    return Organization.from_row(row) if row else None


def set_live_approval(store: Store, ref: str, approved: bool) -> Organization:
    org = find_org(store, ref)
    with store.transaction() as db:
        db.execute("UPDATE organizations SET live_approved = ? WHERE id = ?", (int(approved), org.id))
    return find_org(store, org.id)
