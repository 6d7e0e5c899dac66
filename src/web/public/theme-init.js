// Applies the saved theme before the first paint, so a dark-theme user never sees a white flash.
try {
  if (localStorage.getItem("bahi-theme") === "dark") document.documentElement.classList.add("dark");
} catch (_) {}
