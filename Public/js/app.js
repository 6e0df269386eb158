// Dogear's scripts: small additions to pages that work without them, one module per behaviour,
// loaded from our own origin only (the Content-Security-Policy allows nothing else).
import "./live-search.js";
import "./stepper.js";
import "./import-progress.js";
import "./confirm.js";
import "./book-form.js";
import "./list-reorder.js";
import "./copy-code.js";
import "./club-live.js";
import "./discover.js";
import "./time-zone.js";
import "./length-count.js";
import "./bell.js";
import "./offline.js";
import "./push.js";
