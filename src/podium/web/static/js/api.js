// REST calls and what the browser remembers: the seat token per table (so a reload keeps the seat) and the name.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, "network", "the server cannot be reached; check your connection");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    let message = error.message;
    if (!message && data && data.detail) message = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    throw new ApiError(response.status, error.code || String(response.status), message || response.statusText);
  }
  return data;
}

const SEAT_PREFIX = "podium.seat.";

export function storedSeat(tableId) {
  try {
    const raw = localStorage.getItem(SEAT_PREFIX + tableId);
    const data = raw ? JSON.parse(raw) : null;
    return data && typeof data.token === "string" ? data : null;
  } catch {
    return null;
  }
}

export function storeSeat(tableId, seat, token) {
  localStorage.setItem(SEAT_PREFIX + tableId, JSON.stringify({ seat, token, at: Date.now() }));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(SEAT_PREFIX + tableId);
}

export function storedName() {
  return localStorage.getItem("podium.name") || "";
}

export function storeName(name) {
  if (name) localStorage.setItem("podium.name", name);
}

export function tableUrl(tableId) {
  return `${location.origin}/t/${encodeURIComponent(tableId)}`;
}

// Join (or take over again) a seat and remember its token; returns {table, seat, token}.
export async function joinTable(tableId, name, seat) {
  const body = { name };
  if (seat != null) body.seat = seat;
  const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, body);
  storeSeat(answer.table.id, answer.seat, answer.token);
  storeName(name);
  return answer;
}
