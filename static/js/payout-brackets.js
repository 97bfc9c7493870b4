// The set-up page's payout brackets: picking a template fills the rows with its brackets, and
// each row says which fields it covers and what its percentages add up to, as the host types.
// The server checks everything again (engine.tournament.payout_brackets); this only helps.

const list = document.querySelector("[data-payout-templates]");
const picker = document.getElementById("id_payout_template");

function rows() {
  return Array.from(list.querySelectorAll(".bracket-row")).map((row) => ({
    row,
    upTo: row.querySelector('input[name$="-up_to"]'),
    pays: row.querySelector('input[name$="-pays"]'),
    from: row.querySelector("[data-bracket-from]"),
  }));
}

function percentages(text) {
  return text
    .split(/[,;]/)
    .map((part) => part.trim().replace(/%$/, ""))
    .filter((part) => part !== "")
    .map(Number);
}

/** Each filled row: "2–6 entries · 100%", the sum in warning colours when it is not 100. */
function describe() {
  let first = 2;
  const filled = rows().filter(({ upTo, pays }) => upTo.value.trim() !== "" || pays.value.trim() !== "");
  rows().forEach(({ row, upTo, pays, from }) => {
    const index = filled.findIndex((item) => item.row === row);
    if (index < 0) {
      from.textContent = "";
      return;
    }
    const last = upTo.value.trim() === "" ? null : Number(upTo.value);
    const shares = percentages(pays.value);
    const sum = shares.reduce((total, share) => total + share, 0);
    const fields = last === null ? `${first}+ entries` : `${first}–${last} entries`;
    const rounded = Math.round(sum * 1000) / 1000;
    from.textContent = `${fields} · ${shares.length} paid · ${rounded}%`;
    from.classList.toggle("bracket-wrong", rounded !== 100 || shares.some((s, i) => i > 0 && s > shares[i - 1]));
    if (last !== null) first = last + 1;
  });
}

function fill(key) {
  const template = JSON.parse(list.dataset.payoutTemplates).find((item) => item.key === key);
  if (!template) return;
  const found = rows();
  if (found.length < template.rows.length) return; // the server fills them on save instead
  found.forEach(({ upTo, pays }, index) => {
    const bracket = template.rows[index];
    upTo.value = bracket && bracket.up_to !== null ? String(bracket.up_to) : "";
    pays.value = bracket ? bracket.pays : "";
  });
  describe();
}

if (list && picker) {
  picker.addEventListener("change", () => fill(picker.value));
  list.addEventListener("input", describe);
  describe();
}
