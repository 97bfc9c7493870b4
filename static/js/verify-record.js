// The verify page, opened on a phone: this phone's own record of the deals it added to
// (table/deck-record.js) checked against what the page publishes, seeds included once the night
// is closed. Problems found here are kept in the record, so the table page warns of them too.
import { downloadRecord } from "./table/fairness.js";
import { loadRecord, noteSeeds, recordProblems, saveRecord } from "./table/deck-record.js";
import { el, fill } from "./table/format.js";

const section = document.getElementById("phone-record");
const published = document.getElementById("phone-check");

if (section && published) {
  const hands = JSON.parse(published.textContent || "[]");
  const tables = new Set(hands.map((hand) => hand.table_id));
  const record = noteSeeds(loadRecord(), hands);
  saveRecord(record);
  const mine = record.filter((entry) => tables.has(entry.table));
  const problems = recordProblems(mine);
  const seeded = mine.filter((entry) => entry.seed_checked).length;
  const parts = [el("h2", { text: "What this phone kept" })];
  if (!mine.length) {
    parts.push(el("p", { text: "This phone added no value to a deal of this night, or keeps no record of one (another phone or browser, or storage refused)." }));
  } else {
    parts.push(
      el(
        "p",
        { class: problems.length ? "message message-error" : "message message-success", id: "phone-record-result" },
        problems.length
          ? `This phone's record does NOT match what was published: ${problems.length} problem${problems.length === 1 ? "" : "s"}.`
          : `This phone added its value to ${mine.length} deal${mine.length === 1 ? "" : "s"} of this night: each matches what the phone was shown` +
              (seeded ? `, and ${seeded} ${seeded === 1 ? "is" : "are"} checked with ${seeded === 1 ? "its" : "their"} revealed seed.` : "; the seeds are checked once the night closes."),
      ),
    );
    if (problems.length) parts.push(el("ul", { class: "phone-record-problems" }, problems.map((problem) => el("li", { text: problem }))));
  }
  if (mine.length) {
    parts.push(el("button", { type: "button", class: "button", onclick: () => downloadRecord(mine) }, "Download this phone's record"));
  }
  fill(section, parts);
  section.hidden = false;
}
