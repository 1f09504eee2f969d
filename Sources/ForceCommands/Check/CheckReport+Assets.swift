/// The report's inline style and script (the page loads nothing from anywhere).
extension CheckReport {
    static let style = """
        body{font:14px/1.45 system-ui,"DejaVu Sans",sans-serif;margin:24px;color:#1d1d22;background:#fafaf7}
        h1{font-size:22px;margin:0 0 6px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:16px;margin:0 0 6px}
        h4{font-size:14px;margin:14px 0 4px}code{font:12px "DejaVu Sans Mono",monospace}
        .summary{font-size:16px;font-weight:600}.ok{color:#1f7a3a}.bad{color:#b3261e}.meta{color:#666}
        table.results{border-collapse:collapse;margin:8px 0}table.results td,table.results th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:left}
        tr.fail td.verdict,tr.missing td.verdict{color:#fff;background:#b3261e}tr.pass td.verdict{color:#1f7a3a}
        tr.updated td.verdict,tr.recorded td.verdict{color:#fff;background:#8a5a00}
        section.checkpoint{background:#fff;border:1px solid #ddd;border-left:6px solid #b3261e;border-radius:6px;padding:12px 16px;margin:14px 0}
        section.updated{border-left-color:#8a5a00}
        .verdict{font-weight:700}.images{display:flex;gap:12px;flex-wrap:wrap}
        figure{margin:0;max-width:32%}figure img{max-width:100%;border:1px solid #ccc}
        figcaption{font-size:12px;color:#555}
        .compare{margin:12px 0}.controls{display:flex;gap:14px;align-items:center;margin-bottom:6px}
        .controls input[type=range]{width:320px}.hint{color:#777;font-size:12px}
        .stack{position:relative;display:inline-block;max-width:min(100%,1000px);border:1px solid #ccc;--pos:50%}
        .stack img{display:block;max-width:100%}
        .stack img.over{position:absolute;left:0;top:0;width:100%;height:100%;clip-path:inset(0 0 0 var(--pos))}
        .compare[data-mode=onion] .stack img.over{clip-path:none;opacity:var(--alpha,0.5)}
        ul.state{margin:4px 0}.was{color:#b3261e}.now{color:#1f7a3a}
        details.passed summary{cursor:pointer;font-weight:600}
        """

    /// The slider moves the edge between expected (left) and actual (right); the onion skin
    /// fades the actual over the expected.
    static let script = """
        document.querySelectorAll('.compare').forEach(function (c) {
          var range = c.querySelector('input[type=range]'), stack = c.querySelector('.stack');
          function apply() {
            stack.style.setProperty('--pos', range.value + '%');
            stack.style.setProperty('--alpha', range.value / 100);
          }
          range.addEventListener('input', apply);
          c.querySelectorAll('input[type=radio]').forEach(function (r) {
            r.addEventListener('change', function () { c.dataset.mode = r.value; apply(); });
          });
          apply();
        });
        """
}
