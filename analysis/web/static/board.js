// The hearts-dd board: steps through a deal, shows every legal card's value, plays what-if
// lines, the pass advice, and the expected-points graph with each seat's accuracy.
// Plain JavaScript, no build step; every rule of the game and every value comes from the
// server's JSON API (docs/api.md): the page only draws.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const NAMES = {N: "North", E: "East", S: "South", W: "West"};
const SUITS = [["S", "♠", "s"], ["H", "♥", "h"], ["D", "♦", "d"], ["C", "♣", "c"]];
const SYMBOL = {S: "♠", H: "♥", D: "♦", C: "♣"};
const MISTAKE = 2, BLUNDER = 6;     // the thresholds of `hearts annotate` (points)
const POLL_MS = 250;
// Deals per pass of the board's pass advice: fewer than `hearts pass` (512), as every pass is
// valued on 16 deals before any is dropped, so that the rating takes seconds, not a minute.
const PASS_SAMPLES = 64;

const $ = (id) => document.getElementById(id);

const state = {
  doc: null,          // the record document (/api/record), or null for a pasted deal
  deals: [],          // [{game, inGame (1-based), label}]
  dealIdx: 0,
  openDeal: null,     // a pasted deal: {deal, rules}
  step: 0,            // record plays made; -1: the deal as dealt, before the pass
  branch: [],         // what-if cards after the `step` recorded plays
  view: "open",
  position: null,     // /api/position of what is shown
  values: null,       // {kind: "exact" | "advice", result, map: card -> {text, num, se}}
  analysis: null,     // the annotation of the deal (/api/annotate's document)
  timeMs: 5000,
  jobs: {},           // slot -> {id, token}
  passTerms: {give: [], keep: []},   // the pass advice's cards that must go / must stay
  token: 0,           // bumped on every redraw: late answers of an older position are dropped
};

// -- the API ---------------------------------------------------------------------------------

async function api(path, body, method) {
  const init = body === undefined ? {method: method || "GET"}
    : {method: method || "POST", headers: {"Content-Type": "application/json"},
       body: JSON.stringify(body)};
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Error("the server does not answer (is `hearts serve` running?)");
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    throw new Error(typeof data === "object" && data.error ? data.error : `HTTP ${response.status}`);
  }
  return data;
}

function setStatus(text, isError) {
  const el = $("status");
  el.textContent = text || "";
  el.classList.toggle("error", !!isError);
}

// A job on the server's pool, shown in the panel `slot` (values, pass, analysis): progress,
// Cancel. Starting another job in a slot cancels the one there.
async function runJob(slot, kind, params, label) {
  cancelJob(slot);
  const box = $(`${slot}-job`), bar = $(`${slot}-progress`), text = $(`${slot}-progress-text`);
  const mine = {id: null};
  state.jobs[slot] = mine;
  box.dataset.state = "running";
  bar.removeAttribute("value");
  text.textContent = `${label}…`;
  let job = await api("/api/jobs", {kind, params});
  mine.id = job.id;
  while (job.state === "queued" || job.state === "running") {
    if (state.jobs[slot] !== mine) {       // another job took the slot meanwhile
      api(`/api/jobs/${job.id}`, undefined, "DELETE").catch(() => {});
      throw new Error("replaced");
    }
    if (job.total > 0) {
      bar.max = job.total;
      bar.value = job.done;
      text.textContent = `${label}: ${job.done.toLocaleString()} / ${job.total.toLocaleString()} ${job.unit}`;
    } else {
      text.textContent = job.state === "queued" ? `${label}: waiting for a free thread…` : `${label}…`;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await api(`/api/jobs/${job.id}`);
  }
  if (state.jobs[slot] !== mine) throw new Error("replaced");   // the slot is another's now
  delete state.jobs[slot];
  // "drawing" until the caller has drawn the result (then "done": what tests wait for)
  box.dataset.state = job.state === "done" ? "drawing" : job.state;
  if (job.state === "done") {
    text.textContent = `${label}: done in ${(job.elapsed_ms / 1000).toFixed(1)} s${job.unit === "cached" ? " (cached)" : ""}`;
    return job.result;
  }
  text.textContent = job.state === "cancelled" ? `${label}: cancelled` : "";
  throw new Error(job.state === "cancelled" ? "cancelled" : job.error);
}

function cancelJob(slot) {
  const mine = state.jobs[slot];
  if (!mine) return;
  delete state.jobs[slot];
  const box = $(`${slot}-job`);
  box.dataset.state = "cancelled";
  $(`${slot}-progress-text`).textContent = "cancelled";
  if (mine.id) api(`/api/jobs/${mine.id}`, undefined, "DELETE").catch(() => {});
}

function quietly(err) {
  // a job replaced or cancelled is no error to show
  if (err.message !== "replaced" && err.message !== "cancelled") setStatus(err.message, true);
}

// -- the record and the deals -----------------------------------------------------------------

function loadDocument(doc) {
  state.doc = doc;
  state.openDeal = null;
  state.deals = [];
  doc.games.forEach((game, g) => game.deals.forEach((deal, d) => {
    const points = deal.points ? " · " + SEATS.map((s) => `${s} ${deal.points[s]}`).join(" ") : "";
    state.deals.push({game, inGame: d + 1,
                      label: `${doc.games.length > 1 ? `game ${g + 1}, ` : ""}deal ${deal.number} (pass ${deal.pass_direction})${points}`});
  }));
  const list = $("deal-list");
  list.replaceChildren(...state.deals.map((d, k) => new Option(d.label, k)));
  setStatus(`${doc.name}: ${state.deals.length} deal${state.deals.length === 1 ? "" : "s"}` +
            (doc.errors.length ? ` (read up to an error: ${doc.errors[0]})` : ""));
  selectDeal(0);
}

function loadOpenDeal(deal, rules) {
  state.doc = null;
  state.deals = [];
  state.openDeal = {deal, rules};
  $("deal-list").replaceChildren(new Option("the pasted deal", 0));
  setStatus("a deal: click the cards to play it out");
  selectDeal(0);
}

function currentDeal() {
  return state.deals[state.dealIdx] || null;
}

function recordPlays() {
  const d = currentDeal();
  return d ? d.game.deals[d.inGame - 1].plays.map((p) => p.card) : [];
}

function hasPassStage() {
  const d = currentDeal();
  return !!d && d.game.deals[d.inGame - 1].pass_direction !== "hold";
}

function selectDeal(k) {
  state.dealIdx = k;
  state.branch = [];
  state.analysis = null;
  for (const slot of ["values", "pass", "analysis"]) cancelJob(slot);
  for (const slot of ["values", "pass", "analysis"]) $(`${slot}-job`).dataset.state = "idle";
  $("graph").replaceChildren();
  $("accuracy").replaceChildren();
  $("pass-table").replaceChildren();
  $("pass-note").textContent = "";
  state.passTerms = {give: [], keep: []};
  $("analysis-progress-text").textContent = "";
  $("pass-progress-text").textContent = "";
  state.step = 0;
  redraw();
}

// The position's parameters for the API: a record's deal and the line played, or a deal.
function source() {
  const played = recordPlays().slice(0, Math.max(state.step, 0)).concat(state.branch);
  if (state.openDeal) {
    return {deal: state.openDeal.deal, played, ...(state.openDeal.rules ? {rules: state.openDeal.rules} : {})};
  }
  const d = currentDeal();
  return {record: d.game, deal_number: d.inGame, played};
}

// -- drawing ------------------------------------------------------------------------------------

function cardEl(card, extra) {
  const suit = card[1];
  const el = document.createElement("button");
  el.type = "button";
  el.className = `card ${SUITS.find((s) => s[0] === suit)[2]}`;
  el.dataset.card = card;
  el.tabIndex = -1;
  const rank = document.createElement("span");
  rank.textContent = (card[0] === "T" ? "10" : card[0]) + SYMBOL[suit];
  el.append(rank);
  if (extra) {
    const val = document.createElement("span");
    val.className = "val";
    el.append(val);
  }
  return el;
}

function parsePbn(pbn) {
  // "N:AKQ.T98.AKQ.AKQJ ..." -> {N: ["AS", "KS", ...], ...}: the dealt hands
  const [first, rest] = pbn.split(":");
  const hands = {};
  rest.trim().split(/\s+/).forEach((hand, k) => {
    const seat = SEATS[(SEATS.indexOf(first) + k) % 4];
    hands[seat] = [];
    hand.split(".").forEach((ranks, s) => {
      for (const r of ranks) hands[seat].push(r + SUITS[s][0]);
    });
  });
  return hands;
}

function drawSeat(seat, cards, info) {
  const box = $(`seat-${seat}`);
  box.replaceChildren();
  box.classList.toggle("to-move", info.toMove);
  const name = document.createElement("div");
  name.className = "name";
  name.innerHTML = "";
  const who = document.createElement("span");
  who.textContent = NAMES[seat] + (info.toMove ? " ▶" : "");
  const taken = document.createElement("span");
  taken.className = "taken";
  taken.textContent = info.takenText;
  name.append(who, taken);
  box.append(name);
  if (info.hidden) {
    const row = document.createElement("div");
    for (let k = 0; k < cards.length; k++) {
      const back = document.createElement("span");
      back.className = "back";
      row.append(back);
    }
    const note = document.createElement("div");
    note.className = "hidden-note";
    note.textContent = `${cards.length} cards, hidden from ${NAMES[state.view]}`;
    box.append(row, note);
    return;
  }
  for (const [suit, symbol, cls] of SUITS) {
    const row = document.createElement("div");
    row.className = "suit-row";
    const sym = document.createElement("span");
    sym.className = `symbol ${cls}`;
    sym.textContent = symbol;
    row.append(sym);
    for (const card of cards.filter((c) => c[1] === suit)) {
      const el = cardEl(card, true);
      if (info.legal && info.legal.includes(card)) {
        el.classList.add("legal");
        el.tabIndex = 0;
        el.addEventListener("click", () => playCard(card));
      }
      if (info.passed && info.passed.includes(card)) el.classList.add("passed");
      if (info.terms) markTerm(el, card, info.terms);
      row.append(el);
    }
    box.append(row);
  }
}

function hiddenFor(seat) {
  return state.view !== "open" && state.view !== seat;
}

async function redraw() {
  const token = ++state.token;
  state.values = null;
  $("values-job").dataset.state = "waiting";     // until this position's values are in
  $("whatif").hidden = state.branch.length === 0;
  $("whatif-line").textContent = state.branch.map((c) => cardText(c)).join(" ");
  $("played-note").textContent = "";
  $("line-note").textContent = "";
  $("values-label").textContent = "";
  if (!state.doc && !state.openDeal) return;
  drawSteps();
  drawCursor();
  if (state.step < 0) {
    drawPassStage();
    return;
  }
  $("pass-panel").hidden = true;
  let position;
  try {
    position = await api("/api/position", source());
  } catch (err) {
    setStatus(err.message, true);
    return;
  }
  if (token !== state.token) return;
  state.position = position;
  for (const seat of SEATS) {
    const score = position.score ? ` · ${position.score[seat]} for the deal` : "";
    drawSeat(seat, position.hands[seat], {
      toMove: position.to_move === seat, hidden: hiddenFor(seat),
      legal: position.to_move === seat && !hiddenFor(seat) ? position.legal : null,
      takenText: `${position.taken[seat]} pts${score}`,
    });
  }
  drawTrick(position);
  await showValues(position, token);
}

function cardText(card) {
  return (card[0] === "T" ? "10" : card[0]) + SYMBOL[card[1]];
}

function drawTrick(position) {
  const trick = $("trick");
  const shown = position.trick.length ? position.trick : (position.last_trick ? position.last_trick.cards : []);
  trick.classList.toggle("last", !position.trick.length && !!position.last_trick);
  for (const slot of trick.querySelectorAll(".slot")) {
    slot.replaceChildren();
    const play = shown.find((p) => p.seat === slot.dataset.seat);
    if (play) slot.append(cardEl(play.card, false));
  }
  const parts = [];
  if (position.over) {
    parts.push("the deal is over");
  } else {
    parts.push(`trick ${position.tricks_played + 1}`, `${NAMES[position.to_move]} to ${position.trick.length ? "play" : "lead"}`);
  }
  if (!position.trick.length && position.last_trick) parts.push(`last trick to ${NAMES[position.last_trick.winner]}`);
  parts.push(position.hearts_broken ? "hearts broken" : "hearts not broken");
  $("where").textContent = parts.join(" · ");
}

function drawSteps() {
  const plays = recordPlays();
  const min = hasPassStage() ? -1 : 0;
  $("first").disabled = $("prev").disabled = state.step <= min && !state.branch.length;
  $("next").disabled = $("last").disabled = state.branch.length > 0 || state.step >= plays.length;
  let label;
  if (state.step < 0) {
    label = "the deal as dealt, before the pass";
  } else if (state.step === 0) {
    label = hasPassStage() ? "after the pass, before the first lead" : "before the first lead";
  } else {
    const card = plays[state.step - 1];
    label = `after play ${state.step} of ${plays.length}: ${cardText(card)} (trick ${Math.floor((state.step - 1) / 4) + 1})`;
  }
  if (state.openDeal) label = `${state.branch.length} card${state.branch.length === 1 ? "" : "s"} played`;
  $("step-label").textContent = label;
}

function go(step) {
  const plays = recordPlays();
  const min = hasPassStage() ? -1 : 0;
  state.branch = [];
  state.step = Math.max(min, Math.min(plays.length, step));
  redraw();
}

function playCard(card) {
  const plays = recordPlays();
  if (!state.branch.length && state.step >= 0 && plays[state.step] === card) {
    go(state.step + 1);          // the card of the record: a step forward
    return;
  }
  state.branch.push(card);
  redraw();
}

function undo() {
  if (!state.branch.length) return;
  state.branch.pop();
  redraw();
}

// -- the card values --------------------------------------------------------------------------

function markOf(loss) {
  return loss >= BLUNDER ? "??" : loss >= MISTAKE ? "?" : "";
}

async function showValues(position, token) {
  const mover = position.to_move;
  const box = $("values-job");
  $("values-longer").hidden = true;
  if (position.over) {
    cancelJob("values");
    box.dataset.state = "idle";
    $("values-progress-text").textContent = "";
    $("values-label").textContent = "The deal is over: " + SEATS.map((s) => `${s} ${position.score[s]}`).join(", ") + " points.";
    return;
  }
  if (hiddenFor(mover)) {
    cancelJob("values");
    box.dataset.state = "idle";
    $("values-progress-text").textContent = "";
    $("values-label").textContent = `${NAMES[mover]} to move: its cards are hidden from ${NAMES[state.view]}.`;
    return;
  }
  const model = $("model").value;
  let kind, params, label;
  if (state.view === "open") {
    kind = "solve";
    params = {...source(), model, time_ms: state.timeMs, pv: true};
    label = model === "auto" ? "max^n" : `exact ${model === "maxn" ? "max^n" : model}`;
  } else {
    kind = "advise";
    // auto is the open-hands choice of model: a seat's view takes the advice's own default
    params = {...source(), seat: mover, ...(model === "auto" ? {} : {model}),
              samples: Number($("samples").value) || 100};
    label = "expected points";
  }
  let result;
  try {
    result = await runJob("values", kind, params, label);
  } catch (err) {
    if (token === state.token) quietly(err);
    return;
  }
  if (token !== state.token) return;
  setStatus("");
  const map = {};
  let best = null;
  if (kind === "solve") {
    for (const cv of result.cards) {
      for (const c of [cv.card, ...cv.equals]) map[c] = {text: String(cv.value), num: cv.value};
    }
    best = result.cards.length ? Math.min(...result.cards.map((cv) => cv.value)) : null;
    const who = NAMES[result.seat];
    // an estimate (auto before 8 tricks are left) says so, in the server's words
    const how = result.estimate
      ? result.estimate.charAt(0).toUpperCase() + result.estimate.slice(1) + ". "
      : (result.model === "maxn" ? "Exact max^n: " : "Exact paranoid: ");
    $("values-label").textContent = how + (result.model === "maxn"
      ? `${who}'s points for the deal when every seat plays for itself`
      : `${who}'s points for the deal when the other three play together against it`) +
      ` (all hands open; lower is better).` + (result.complete ? ""
      : ` Unfinished in ${state.timeMs / 1000} s: ${result.unvalued.length} card${result.unvalued.length === 1 ? "" : "s"} not valued (…).`);
    $("values-longer").hidden = result.complete || state.timeMs >= 60000;
    const bestCard = result.cards[0];
    if (bestCard && bestCard.pv && bestCard.pv.length) {
      $("line-note").textContent = "Line of the best card: " + bestCard.pv.slice(0, 12).map(cardText).join(" ");
    }
    for (const c of result.unvalued) map[c] = {text: "…", num: null};
  } else {
    for (const ca of result.cards) {
      for (const c of [ca.card, ...ca.equals]) map[c] = {text: ca.mean.toFixed(1), num: ca.mean, se: ca.se};
    }
    best = result.cards.length ? result.cards[0].mean : null;
    $("values-label").textContent = `${NAMES[result.seat]}'s expected points for the deal (${result.model}), ` +
      `mean ± SE over ${result.samples} deals sampled from its view (${result.deals.toLocaleString()} consistent; ` +
      `evaluator ${result.evaluator}; lower is better).`;
  }
  state.values = {kind, result, map};
  drawValues(position, map, best);
  $("values-job").dataset.state = "done";
}

function drawValues(position, map, best) {
  const mover = position.to_move;
  const recorded = !state.branch.length && !state.openDeal ? recordPlays()[state.step] : null;
  for (const el of $(`seat-${mover}`).querySelectorAll(".card.legal")) {
    const v = map[el.dataset.card];
    const slot = el.querySelector(".val");
    if (!v) continue;
    slot.textContent = v.text + (v.se !== undefined ? `±${v.se.toFixed(1)}` : "");
    el.dataset.value = v.text;
    const isBest = v.num !== null && best !== null && Math.abs(v.num - best) < 1e-9;
    el.classList.toggle("best", isBest);
    if (el.dataset.card === recorded && v.num !== null && best !== null) {
      const loss = v.num - best;
      const mark = markOf(loss);
      el.classList.add("played");
      if (mark) {
        el.classList.add(mark === "??" ? "blunder" : "mistake");
        const m = document.createElement("span");
        m.className = "mark";
        m.textContent = mark;
        el.append(m);
      }
      const note = $("played-note");
      note.replaceChildren();
      const head = document.createElement("span");
      head.textContent = `Played ${cardText(recorded)}: ` + (loss < 1e-9 ? "a best card." :
        `loses ${state.values.kind === "solve" ? loss : loss.toFixed(2)} point${loss === 1 ? "" : "s"} `);
      note.append(head);
      if (mark) {
        const m = document.createElement("span");
        m.className = mark === "??" ? "blunder" : "mistake";
        m.textContent = mark;
        note.append(m);
      }
    }
  }
}

// -- the pass -----------------------------------------------------------------------------------

function drawPassStage() {
  if (state.view !== "open" && $("pass-seat").value !== state.view) {
    $("pass-seat").value = state.view;
    state.passTerms = {give: [], keep: []};      // they were another seat's cards
  }
  drawPassHands();
  for (const slot of $("trick").querySelectorAll(".slot")) slot.replaceChildren();
  const d = currentDeal();
  $("where").textContent = `the pass: ${d.game.deals[d.inGame - 1].pass_direction} (passed cards shaded)`;
  cancelJob("values");
  $("values-job").dataset.state = "idle";
  $("values-progress-text").textContent = "";
  $("values-label").textContent = "The hands as dealt; step forward for the play.";
  $("pass-panel").hidden = false;
  ratePasses();
}

// The hands as dealt; the advised seat's cards take the pass advice's terms (click: pass it,
// again: keep it, again: free), as `hearts pass --give/--keep`.
function drawPassHands() {
  const d = currentDeal();
  const deal = d.game.deals[d.inGame - 1];
  const hands = parsePbn(deal.dealt);
  const advised = $("pass-seat").value;
  for (const seat of SEATS) {
    const terms = seat === advised && !hiddenFor(seat) ? state.passTerms : null;
    drawSeat(seat, hands[seat], {toMove: false, hidden: hiddenFor(seat), legal: null, terms,
                                 passed: deal.passes[seat], takenText: `passes ${deal.pass_direction}`});
  }
  const {give, keep} = state.passTerms;
  if (hiddenFor(advised)) {
    $("pass-terms").textContent = `${NAMES[advised]}'s hand is hidden in ${NAMES[state.view]}'s view.`;
    return;
  }
  $("pass-terms").textContent = `Click a card of ${NAMES[advised]}'s hand: once to pass it, `
    + "twice to keep it, a third time to free it."
    + (give.length ? ` Passing ${give.map(cardText).join(" ")}.` : "")
    + (keep.length ? ` Keeping ${keep.map(cardText).join(" ")}.` : "");
}

function markTerm(el, card, terms) {
  const term = terms.give.includes(card) ? "give" : terms.keep.includes(card) ? "keep" : "";
  el.classList.add("choosable");
  el.tabIndex = 0;
  if (term) {
    el.classList.add(term);
    el.dataset.term = term;
    el.querySelector(".val").textContent = term === "give" ? "pass" : "keep";
  }
  el.addEventListener("click", () => cycleTerm(card));
}

// none -> give -> keep -> none; a fourth card to give goes straight to keep (a pass is three).
function cycleTerm(card) {
  const {give, keep} = state.passTerms;
  if (give.includes(card)) {
    state.passTerms = {give: give.filter((c) => c !== card), keep: [...keep, card]};
  } else if (keep.includes(card)) {
    state.passTerms = {give, keep: keep.filter((c) => c !== card)};
  } else if (give.length < 3) {
    state.passTerms = {give: [...give, card], keep};
  } else {
    state.passTerms = {give, keep: [...keep, card]};
  }
  drawPassHands();
  ratePasses();
}

function changePassSeat() {
  state.passTerms = {give: [], keep: []};
  drawPassHands();
  ratePasses();
}

async function ratePasses() {
  const d = currentDeal();
  if (!d) return;
  const deal = d.game.deals[d.inGame - 1];
  const seat = $("pass-seat").value;
  const hand = parsePbn(deal.dealt)[seat];
  const {give, keep} = state.passTerms;
  const params = {hand: hand.join(" "), direction: deal.pass_direction, seat,
                  rules: d.game.tags.Rules || "standard", samples: PASS_SAMPLES,
                  ...(give.length ? {give} : {}), ...(keep.length ? {keep} : {})};
  $("pass-table").replaceChildren();
  $("pass-note").textContent = "";
  let ranking;
  try {
    ranking = await runJob("pass", "pass", params, "pass rating");
  } catch (err) {
    quietly(err);
    return;
  }
  const made = (deal.passes[seat] || []).slice().sort().join(" ");
  const table = $("pass-table");
  const head = table.insertRow();
  for (const h of ["#", "pass", `${seat} points`, "95% CI"]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.append(th);
  }
  const rows = ranking.passes.slice(0, 5);
  const madeIndex = ranking.passes.findIndex((p) => p.cards.slice().sort().join(" ") === made);
  if (madeIndex >= 5) rows.push(ranking.passes[madeIndex]);
  for (const p of rows) {
    const k = ranking.passes.indexOf(p);
    const tr = table.insertRow();
    if (k === madeIndex) tr.className = "made";
    tr.insertCell().textContent = k + 1;
    tr.insertCell().textContent = p.cards.map(cardText).join(" ");
    tr.insertCell().textContent = p.mean.toFixed(2);
    tr.insertCell().textContent = `${p.ci95[0].toFixed(1)}–${p.ci95[1].toFixed(1)}`;
  }
  $("pass-job").dataset.state = "done";
  const madeText = (deal.passes[seat] || []).map(cardText).join(" ");
  const terms = give.length || keep.length ? " with these terms" : "";
  $("pass-note").textContent = (madeIndex >= 0
    ? `${NAMES[seat]} passed ${madeText}: rank ${madeIndex + 1} of ${ranking.passes.length}${terms}. `
    : madeText ? `${NAMES[seat]} passed ${madeText}: not a pass with these terms. ` : "")
    + `Mean points for the deal over sampled deals (${ranking.evaluator}); lower is better.`;
}

// -- the graph and the accuracy ---------------------------------------------------------------

async function analyseDeal() {
  const d = currentDeal();
  if (!d) return;
  const mode = $("analysis-mode").value;
  const params = {record: d.game, deal_number: d.inGame, mode};
  if (mode === "fair") Object.assign(params, {samples: 30, from_trick: 1});
  let doc;
  try {
    doc = await runJob("analysis", "annotate", params, "annotation");
  } catch (err) {
    quietly(err);
    return;
  }
  state.analysis = doc;
  const deal = doc.deals[0];
  try {
    const svg = await api("/api/graph", {deal, id: "points-graph"});
    $("graph").innerHTML = svg;     // our own SVG, rendered and escaped by the server
  } catch (err) {
    $("analysis-job").dataset.state = "error";
    setStatus(err.message, true);
    return;
  }
  for (const dot of $("graph").querySelectorAll(".graph-dot")) {
    dot.addEventListener("click", () => go(Number(dot.dataset.index) - 1));
  }
  drawCursor();
  const rows = deal.summaries[deal.graph.which];
  const table = $("accuracy");
  table.replaceChildren();
  const head = table.insertRow();
  for (const h of ["seat", "accuracy", "decisions", "lost / decision", "?", "??"]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.append(th);
  }
  for (const seat of SEATS) {
    const r = rows[seat];
    const tr = table.insertRow();
    tr.dataset.seat = seat;
    tr.insertCell().textContent = NAMES[seat];
    tr.insertCell().textContent = r.accuracy === null ? "—" : r.accuracy.toFixed(0);
    tr.insertCell().textContent = r.decisions;
    tr.insertCell().textContent = r.mean_loss === null ? "—" : r.mean_loss.toFixed(2);
    tr.insertCell().textContent = r.mistakes;
    tr.insertCell().textContent = r.blunders;
  }
  $("analysis-job").dataset.state = "done";
}

function drawCursor() {
  const svg = $("graph").querySelector("svg");
  if (!svg) return;
  const cursor = svg.querySelector(".graph-cursor");
  const x = Number(svg.dataset.x0) + Number(svg.dataset.dx) * Math.max(state.step, 0);
  cursor.setAttribute("x1", x);
  cursor.setAttribute("x2", x);
  cursor.setAttribute("visibility", state.branch.length ? "hidden" : "visible");
}

// -- the controls -------------------------------------------------------------------------------

async function loadRecordList() {
  let list;
  try {
    list = await api("/api/records");
  } catch (err) {
    setStatus(err.message, true);
    return;
  }
  const select = $("record-list");
  for (const r of list.records) select.append(new Option(`${r.name} (${r.deals} deal${r.deals === 1 ? "" : "s"})`, r.id));
  if (list.records.length) {
    select.value = list.records[0].id;
    await openListed(list.records[0].id);
  } else {
    setStatus("Open a record file or paste a record or a deal.");
  }
}

async function openListed(id) {
  try {
    loadDocument(await api(`/api/records/${id}`));
  } catch (err) {
    setStatus(err.message, true);
  }
}

async function loadText(text, name) {
  const trimmed = text.trim();
  try {
    if (/^[NESWA-G]:\S/.test(trimmed) && !trimmed.includes("\n")) {
      await api("/api/position", {deal: trimmed});     // checks the deal
      loadOpenDeal(trimmed, null);
    } else {
      loadDocument(await api("/api/record", {text, name}));
    }
  } catch (err) {
    setStatus(err.message, true);
  }
}

function wire() {
  $("record-list").addEventListener("change", (e) => { if (e.target.value !== "") openListed(e.target.value); });
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await loadText(await file.text(), file.name);
    e.target.value = "";
  });
  $("paste-load").addEventListener("click", () => loadText($("paste-text").value, "pasted"));
  $("deal-list").addEventListener("change", (e) => selectDeal(Number(e.target.value)));
  $("first").addEventListener("click", () => go(-1));
  $("prev").addEventListener("click", () => (state.branch.length ? undo() : go(state.step - 1)));
  $("next").addEventListener("click", () => go(state.step + 1));
  $("last").addEventListener("click", () => go(recordPlays().length));
  $("undo").addEventListener("click", undo);
  $("back-to-record").addEventListener("click", () => go(state.step));
  for (const radio of document.querySelectorAll("input[name=view]")) {
    radio.addEventListener("change", (e) => { state.view = e.target.value; redraw(); });
  }
  $("model").addEventListener("change", redraw);
  $("time").addEventListener("change", (e) => { state.timeMs = Number(e.target.value); redraw(); });
  $("samples").addEventListener("change", redraw);
  $("values-cancel").addEventListener("click", () => cancelJob("values"));
  $("values-longer").addEventListener("click", () => {
    const times = [...$("time").options].map((o) => Number(o.value));
    state.timeMs = times.find((t) => t > state.timeMs) || state.timeMs;
    $("time").value = String(state.timeMs);
    redraw();
  });
  $("pass-run").addEventListener("click", ratePasses);
  $("pass-seat").addEventListener("change", changePassSeat);
  $("pass-cancel").addEventListener("click", () => cancelJob("pass"));
  $("analysis-run").addEventListener("click", analyseDeal);
  $("analysis-cancel").addEventListener("click", () => cancelJob("analysis"));
  document.addEventListener("keydown", (e) => {
    // typing keeps its keys; the view's radio buttons do not (the arrows step the deal)
    if (e.target.closest && e.target.closest("textarea, select, input:not([type=radio])")) return;
    if (e.key === "ArrowRight") { if (!state.branch.length) go(state.step + 1); }
    else if (e.key === "ArrowLeft") { if (state.branch.length) undo(); else go(state.step - 1); }
    else if (e.key === "Home") go(-1);
    else if (e.key === "End") go(recordPlays().length);
    else if (e.key === "u") undo();
    else return;
    e.preventDefault();
  });
}

wire();
loadRecordList();
