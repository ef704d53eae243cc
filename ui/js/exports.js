// Exports of one result, built in the browser from the result the API returned:
// the JSON itself, obligations and key dates as CSV, key dates as an iCalendar (.ics) file.

const quoteOf = (result, ids) => {
  const evidence = new Map(result.evidence.map((e) => [e.id, e]));
  return (ids || []).map((id) => evidence.get(id)?.text || "").filter(Boolean).join(" … ");
};

export const slug = (title) => (title || "contract").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "contract";

export function resultJson(result) {
  return JSON.stringify(result, null, 2);
}

// RFC 4180 fields; a leading = + - @ is neutralised so spreadsheets never run a cell as a formula.
function cell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header, rows) {
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

export function obligationsCsv(result) {
  return csv(
    ["id", "party", "action", "kind", "due_date", "due_text", "evidence"],
    result.obligations.map((o) => [o.id, o.party, o.action, o.kind, o.due?.date || "", o.due?.text || "", quoteOf(result, o.evidenceIds)]),
  );
}

export function keyDatesCsv(result) {
  return csv(
    ["id", "kind", "date", "text", "evidence"],
    result.keyDates.map((d) => [d.id, d.kind, d.date || "", d.text, quoteOf(result, d.evidenceIds)]),
  );
}

// iCalendar text: escape \ ; , and newlines; fold lines longer than 75 octets.
function icsText(value) {
  return String(value || "").replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

function fold(line) {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compact = (day) => day.replace(/-/g, "");
const nextDay = (day) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export function keyDatesIcs(result, title) {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ContractBox//Key dates//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  for (const d of result.keyDates.filter((k) => k.date)) {
    const kind = d.kind.replace(/_/g, " ");
    lines.push(
      "BEGIN:VEVENT",
      `UID:${d.id}-${result.analysisId}@contractbox`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(d.date)}`,
      `DTEND;VALUE=DATE:${compact(nextDay(d.date))}`,
      `SUMMARY:${icsText(`${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${title}`)}`,
      `DESCRIPTION:${icsText(`${d.text}\n\nEvidence: ${quoteOf(result, d.evidenceIds)}`)}`,
      "TRANSP:TRANSPARENT",
    );
    if (d.kind === "notice_deadline" || d.kind === "expiration_date" || d.kind === "renewal_date") {
      lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${icsText(`${kind}: ${title}`)}`, "TRIGGER:-P14D", "END:VALARM");
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
