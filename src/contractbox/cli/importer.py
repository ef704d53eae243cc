"""`contractbox import PATH --org ORG [--name NAME] [--mode live|test] [--set rs_...]`: a folder
(recursive; each file's folder becomes its label) or a .zip becomes a review set.

How the work is reached: the command opens the data dir's services (no server of its own: only
`server/submission.py`'s core, without the web framework, reports, webhooks or console) and
submits each document through `AnalysisService.submit`, exactly as `POST /v1/analyses` does, into
`contractbox.db`, with a wake-up on the data dir's queue (`queue.db`). The server serving that
data dir picks the wake-ups up and analyses in its worker processes; its completion callbacks save
each document as a contract and write its grid row. Without a running server the documents stay
queued and are analysed when it starts (the command says so). docs/operations.md, Importing a
data room.

Nothing is extracted to disk: a .zip's entries are read into memory one at a time, each bounded
(size, compression ratio, count), and names that climb out of the archive are refused."""

from __future__ import annotations

import base64
import json
import os
import stat
import sys
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, cast

import click

from contractbox.cli.common import data_dir_option, fail, load_settings

if TYPE_CHECKING:
    from contractbox.analyses.schemas import SourceType
    from contractbox.keys.service import Principal
    from contractbox.server.submission import SubmissionServices as Services

SOURCE_TYPES = {
    ".txt": "text",
    ".pdf": "pdf",
    ".docx": "docx",
    **dict.fromkeys((".png", ".jpg", ".jpeg", ".tif", ".tiff"), "image"),
}
MAX_FILE_BYTES = 50 * 1024 * 1024  # the largest source the API accepts (PDF, Word, image)
MAX_ZIP_ENTRIES = 50_000
MAX_ZIP_RATIO = 100  # uncompressed / compressed: real documents stay far below; bombs far above
SYSTEM_NAMES = {".ds_store", "thumbs.db", "desktop.ini"}
KNOWN_REASONS = {
    ".doc": "a legacy Word .doc: save it as .docx",
    ".zip": "a .zip inside the import: import it on its own",
    ".rtf": "RTF is not read: save it as .docx or PDF",
}
POLL_S = 0.5


@dataclass
class Item:
    """One file to submit: where it was (for messages), its label (its folder) and its bytes."""

    path: str
    name: str
    label: str | None
    data: bytes


@dataclass
class Report:
    review_set: str = ""
    name: str = ""
    submitted: list[dict[str, str]] = field(default_factory=list)
    already_in_set: list[str] = field(default_factory=list)
    duplicates: list[dict[str, str]] = field(default_factory=list)
    unsupported: list[dict[str, str]] = field(default_factory=list)
    completed: int = 0
    failed: list[dict[str, str]] = field(default_factory=list)
    waited: bool = False
    rows_before: int = 0  # rows of the set already written before this import

    def as_json(self) -> dict[str, Any]:
        return {
            "reviewSet": self.review_set,
            "name": self.name,
            "submitted": len(self.submitted),
            "alreadyInSet": len(self.already_in_set),
            "duplicates": self.duplicates,
            "unsupported": self.unsupported,
            "completed": self.completed if self.waited else None,
            "failed": self.failed if self.waited else None,
            "analyses": self.submitted,
        }


def unsupported_reason(name: str) -> str | None:
    lowered = name.lower()
    suffix = PurePosixPath(lowered).suffix
    if lowered in SYSTEM_NAMES or lowered.startswith("._") or lowered.startswith("~$"):
        return "a system or temporary file"
    if suffix in SOURCE_TYPES:
        return None
    if suffix in KNOWN_REASONS:
        return KNOWN_REASONS[suffix]
    kinds = ", ".join(sorted(SOURCE_TYPES))
    return f"unsupported file type '{suffix or '(none)'}' (supported: {kinds})"


# --- reading a folder or a zip -------------------------------------------------------------------


def folder_items(root: Path, skipped: list[dict[str, str]]) -> Iterator[Item]:
    """Every file under root, sorted, without following links; what cannot be imported goes to
    `skipped` with its reason."""
    for directory, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        for folder in list(folders):
            if os.path.islink(os.path.join(directory, folder)):
                skipped.append(
                    {"path": relative(root, Path(directory) / folder), "reason": "a symbolic link (not followed)"}
                )
        relative_dir = Path(directory).relative_to(root).as_posix()
        label = None if relative_dir == "." else relative_dir
        for name in sorted(files):
            path = Path(directory) / name
            shown = relative(root, path)
            reason = unsupported_reason(name)
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                reason = "a symbolic link (not followed)"
            elif not stat.S_ISREG(info.st_mode):
                reason = "not a regular file"
            elif reason is None and info.st_size == 0:
                reason = "an empty file"
            elif reason is None and info.st_size > MAX_FILE_BYTES:
                reason = f"larger than the {MAX_FILE_BYTES // (1024 * 1024)} MB limit"
            if reason:
                skipped.append({"path": shown, "reason": reason})
                continue
            yield Item(shown, name, label, path.read_bytes())


def relative(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def safe_entry_name(name: str) -> PurePosixPath | None:
    """The entry's path inside the archive, or None when it is absolute or climbs out of it."""
    cleaned = name.replace("\\", "/")
    path = PurePosixPath(cleaned)
    if cleaned.startswith("/") or (len(cleaned) > 1 and cleaned[1] == ":") or ".." in path.parts:
        return None
    return path


def zip_items(archive: Path, skipped: list[dict[str, str]]) -> Iterator[Item]:
    """Every file of a .zip, read into memory one at a time under the bounds above."""
    try:
        with zipfile.ZipFile(archive) as zf:
            entries = zf.infolist()
            if len(entries) > MAX_ZIP_ENTRIES:
                raise click.ClickException(
                    f"{archive.name} has {len(entries):,} entries; the limit is {MAX_ZIP_ENTRIES:,}."
                )
            for info in sorted(entries, key=lambda i: i.filename):
                item = zip_item(zf, info, skipped)
                if item is not None:
                    yield item
    except zipfile.BadZipFile as exc:
        raise click.ClickException(f"{archive.name} is not a readable .zip ({exc}).") from None


def zip_item(zf: zipfile.ZipFile, info: zipfile.ZipInfo, skipped: list[dict[str, str]]) -> Item | None:
    if info.is_dir():
        return None
    path = safe_entry_name(info.filename)
    shown = info.filename
    if path is None:
        skipped.append({"path": shown, "reason": "a path that leaves the archive (absolute or '..'): refused"})
        return None
    if path.parts and path.parts[0] == "__MACOSX":
        skipped.append({"path": shown, "reason": "a system or temporary file"})
        return None
    reason = unsupported_reason(path.name)
    if reason is None and info.flag_bits & 0x1:
        reason = "an encrypted entry"
    elif reason is None and info.file_size > MAX_FILE_BYTES:
        reason = f"larger than the {MAX_FILE_BYTES // (1024 * 1024)} MB limit when uncompressed"
    elif (
        reason is None and info.file_size > 1024 * 1024 and info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1)
    ):
        reason = "compressed more than 100:1 (a zip bomb guard)"
    elif reason is None and info.file_size == 0:
        reason = "an empty file"
    if reason:
        skipped.append({"path": shown, "reason": reason})
        return None
    try:
        with zf.open(info) as entry:
            data = entry.read(MAX_FILE_BYTES + 1)  # the declared size may lie: never read past the limit
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as exc:
        skipped.append({"path": shown, "reason": f"unreadable in the archive ({exc})"})
        return None
    if len(data) > MAX_FILE_BYTES or len(data) > MAX_ZIP_RATIO * max(info.compress_size, 1) > 1024 * 1024:
        skipped.append({"path": shown, "reason": "larger than it declared (a zip bomb guard)"})
        return None
    label = path.parent.as_posix()
    return Item(shown, path.name, None if label == "." else label, data)


# --- submitting --------------------------------------------------------------------------------


def request_of(item: Item, set_id: str) -> tuple[Any, dict[str, Any]]:
    """The CreateAnalysisRequest of a file, and the source it stores (for its content hash)."""
    from contractbox.analyses.schemas import CreateAnalysisRequest
    from contractbox.documents.text import decode_text

    source_type = SOURCE_TYPES[PurePosixPath(item.name.lower()).suffix]
    fields: dict[str, Any] = {}
    source: dict[str, Any]
    if source_type == "text":
        text = decode_text(item.data)
        fields["text"], source = text, {"text": text}
    else:
        fields[f"{source_type}Base64"] = base64.b64encode(item.data).decode()
        source = {source_type: item.data}
    title = item.name[:200]
    request = CreateAnalysisRequest(
        title=title,
        sourceType=cast("SourceType", source_type),
        filename=item.name[:255],
        reviewSet=set_id,
        label=item.label,
        **fields,
    )
    return request, source


def principal_for(services: Services, org_ref: str, mode: str) -> Principal:
    from contractbox.console.sessions import console_key_id
    from contractbox.keys.scopes import RESOURCE_SCOPES, expand
    from contractbox.keys.service import Principal
    from contractbox.orgs.service import OrgError, find_org

    try:
        org = find_org(services.store, org_ref)
    except OrgError as exc:
        fail(str(exc))
    if mode == "live" and not org.live_approved:
        fail(f"{org.name} is not approved for live access: `contractbox orgs approve-live {org.id}`, or --mode test.")
    # The console's internal key of this organization and mode: usage and the analyses' key are
    # attributed to it, as for work done in the console.
    key_id = console_key_id(services.store, org.id, mode)
    return Principal(key_id, org.id, mode, expand(list(RESOURCE_SCOPES)))


def choose_set(services: Services, principal: Principal, set_id: str | None, name: str) -> tuple[str, str, bool]:
    """(set id, name, whether it already existed)."""
    from contractbox.core.errors import ApiError
    from contractbox.reviewsets.schemas import CreateReviewSetRequest

    sets = services.reviewsets
    try:
        if set_id:
            found = sets.find(principal, set_id)
            return found.id, found.name, True
        existing = sets.latest_named(principal, name)
        if existing is not None:
            return existing.id, existing.name, True
        created = sets.create(principal, CreateReviewSetRequest(name=name))
    except ApiError as exc:
        fail(exc.message)
    return created.id, created.name, False


def submit_all(services: Services, principal: Principal, set_id: str, items: Iterator[Item], report: Report) -> None:
    from contractbox.core.errors import ApiError
    from contractbox.reviewsets.service import content_hash

    known = services.reviewsets.content_hashes(principal, set_id)
    report.rows_before = services.reviewsets.rows_written(principal, set_id)
    seen: dict[str, str] = {}
    bar_args: dict[str, Any] = {"label": "Submitting", "file": sys.stderr}
    with click.progressbar(items, item_show_func=lambda i: i.path[-40:] if i else None, **bar_args) as bar:
        for item in bar:
            request, source = request_of(item, set_id)
            digest = content_hash(source)
            if digest in known:
                report.already_in_set.append(item.path)
                continue
            if digest in seen:
                report.duplicates.append({"path": item.path, "sameAs": seen[digest]})
                continue
            try:
                analysis = services.analyses.submit(principal, request)
            except ApiError as exc:
                if exc.status in (503, 507):  # storage full or over quota: the rest would fail too
                    fail(
                        f"{exc.message} Import stopped after {len(report.submitted)} documents; run it again to resume."
                    )
                report.unsupported.append({"path": item.path, "reason": exc.message})
                continue
            seen[digest] = item.path
            report.submitted.append({"path": item.path, "analysisId": analysis.analysisId})


def wait_for_analyses(services: Services, principal: Principal, report: Report) -> None:
    ids = {entry["analysisId"] for entry in report.submitted}
    done: set[str] = set()
    finished: dict[str, dict] = {}
    with click.progressbar(length=len(ids), label="Analysing ", file=sys.stderr) as bar:
        while len(done) < len(ids):
            rows = services.analyses.in_review_set(principal, report.review_set)
            finished = {r["id"]: r for r in rows if r["id"] in ids and r["status"] in ("completed", "failed")}
            bar.update(len(finished) - len(done))
            done = set(finished)
            if len(done) < len(ids):
                time.sleep(POLL_S)
    completed = sum(1 for r in finished.values() if r["status"] == "completed")
    while services.reviewsets.rows_written(principal, report.review_set) < completed + report.rows_before:
        time.sleep(POLL_S)  # each completed document's contract and grid row follow its analysis
    paths = {entry["analysisId"]: entry["path"] for entry in report.submitted}
    report.completed = completed
    report.failed = [
        {"path": paths[r["id"]], "code": r["error_code"], "message": r["error_message"]}
        for r in finished.values()
        if r["status"] == "failed"
    ]
    report.waited = True


def print_report(report: Report, server_up: bool, existed: bool) -> None:
    state = "added to" if existed else "created"
    click.echo(f"Review set {report.review_set} ({report.name}) {state}.")
    click.echo(
        f"  {len(report.submitted)} submitted, {len(report.already_in_set)} already in the set (skipped), "
        f"{len(report.duplicates)} duplicates in this import (skipped), {len(report.unsupported)} not imported."
    )
    for entry in report.duplicates:
        click.echo(f"  duplicate: {entry['path']} (same content as {entry['sameAs']})")
    for entry in report.unsupported:
        click.echo(f"  not imported: {entry['path']}: {entry['reason']}")
    if report.waited:
        click.echo(f"  analysed: {report.completed} completed, {len(report.failed)} failed.")
        for entry in report.failed:
            click.echo(f"  failed: {entry['path']}: {entry['code']}: {entry['message']}")
    elif report.submitted and not server_up:
        click.echo("  No server is running on this data dir: the documents are queued and are analysed when it starts.")


@click.command("import")
@click.argument("path", type=click.Path(exists=True))  # a str: the audit log records it as given
@click.option("--org", "org_ref", required=True, help="Organization id or exact name.")
@click.option(
    "--name",
    default=None,
    help="The review set's name (default: the folder's or zip's name). An existing set of this name is continued.",
)
@click.option("--mode", type=click.Choice(["live", "test"]), default="live", show_default=True)
@click.option("--set", "set_id", default=None, help="Add to this review set (rs_...) instead.")
@click.option("--no-wait", is_flag=True, help="Return once submitted, without waiting for the analyses.")
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as one JSON object.")
@data_dir_option
def import_command(
    path: str,
    org_ref: str,
    name: str | None,
    mode: str,
    set_id: str | None,
    no_wait: bool,
    as_json: bool,
    data_dir: Path | None,
) -> None:
    """Import a folder or a .zip of contracts as a review set (analysed by the running server)."""
    from contractbox.core.serverlock import server_running
    from contractbox.server.submission import SubmissionServices  # not the whole server: a faster start

    source = Path(path)
    is_zip = source.is_file() and source.suffix.lower() == ".zip"
    if not source.is_dir() and not is_zip:
        fail(f"{path} is neither a folder nor a .zip.")
    settings = load_settings(data_dir)
    services = SubmissionServices(settings)
    try:
        principal = principal_for(services, org_ref, mode)
        default_name = source.stem if is_zip else source.resolve().name
        report = Report()
        report.review_set, report.name, existed = choose_set(services, principal, set_id, (name or default_name)[:200])
        items = zip_items(source, report.unsupported) if is_zip else folder_items(source, report.unsupported)
        server_up = server_running(settings.data_dir)
        try:
            submit_all(services, principal, report.review_set, items, report)
            if server_up and not no_wait and report.submitted:
                wait_for_analyses(services, principal, report)
        except KeyboardInterrupt:
            # What was submitted stays submitted (and is analysed); a new run skips it.
            print_report(report, server_up, existed)
            click.echo("Interrupted: run the same command again to resume.", err=True)
            sys.exit(130)
    finally:
        services.store.close()
    if as_json:
        click.echo(json.dumps(report.as_json()))
    else:
        print_report(report, server_up, existed)
