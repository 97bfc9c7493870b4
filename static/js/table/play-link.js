// On the seat page (/play/): once the player is seated, the live table takes over. A page
// opened already seated goes straight to the table (unless the table sent the player here
// with ?stay, for their chips); one that sees the seat arrive shows a button to it (the seat
// page's own poll updates data-state).
const status = document.getElementById("player-status");
const link = document.getElementById("open-table");

function seated() {
  return status && status.dataset.state === "seated";
}

if (status && link) {
  if (seated() && !new URLSearchParams(location.search).has("stay")) {
    location.replace(link.href);
  } else {
    new MutationObserver(() => {
      link.parentElement.hidden = !seated();
    }).observe(status, { attributes: true, attributeFilter: ["data-state"] });
  }
}
