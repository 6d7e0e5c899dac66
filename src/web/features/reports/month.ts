// The Reports page's month: "YYYY-MM", by default the month before today (returns are filed after it ends).

export function previousMonth(todayIso: string): string {
  const [year, month] = todayIso.split("-").map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

export function monthLabel(period: string): string {
  const [year, month] = period.split("-").map(Number);
  const name = new Date(Date.UTC(year, month - 1, 1)).toLocaleString("en-IN", {
    month: "long",
    timeZone: "UTC",
  });
  return `${name} ${year}`;
}

export const isPeriod = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
