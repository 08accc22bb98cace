(root) => {
  // The sheet_fit test's check, run in the page on a region: what it finds cut short or
  // overlapping, in words. Called with the region's element.
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 2 && r.height > 2 && el.checkVisibility({visibilityProperty: true});
  };
  const textBox = (el) => { const range = document.createRange(); range.selectNodeContents(el); return range.getBoundingClientRect(); };
  const name = (el) => (el.textContent || el.name || el.id || el.tagName).trim().replace(/\s+/g, " ").slice(0, 40);
  const texts = [...root.querySelectorAll(".attribute-name, .stat-name, .form-label, .form-check-label, .t2k-dice, .region-title")]
    .filter(shown).map((el) => ({ el, r: textBox(el) }));
  const controls = [...root.querySelectorAll("input:not([type=hidden]), select, textarea, button")]
    .filter(shown).map((el) => ({ el, r: el.getBoundingClientRect() }));
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const found = [];
  // a name typed on the sheet (an item, a weapon) shown whole, not scrolled in its box
  controls.filter((c) => c.el.matches("input[type=text][name$=\"-name\"]") && c.el.scrollWidth > c.el.clientWidth + 1)
    .forEach((c) => found.push(`the value of ${c.el.name || c.el.id} ("${c.el.value.slice(0, 40)}") is cut short`));
  texts.forEach((t, i) => {
    const style = getComputedStyle(t.el);
    if (style.overflowX !== "visible" && t.el.scrollWidth > t.el.clientWidth + 1) found.push(`"${name(t.el)}" is cut short`);
    for (const c of controls) {
      if (!t.el.contains(c.el) && !c.el.contains(t.el) && overlap(t.r, c.r)) found.push(`"${name(t.el)}" runs under ${c.el.tagName.toLowerCase()} "${name(c.el)}"`);
    }
    for (const u of texts.slice(i + 1)) {  // each pair once
      if (!t.el.contains(u.el) && !u.el.contains(t.el) && overlap(t.r, u.r)) found.push(`"${name(t.el)}" runs into "${name(u.el)}"`);
    }
  });
  return [...new Set(found)];
}
