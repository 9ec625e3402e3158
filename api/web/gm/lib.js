// The component library the GM page is written with: Preact and htm (vendored, no build step).
export {
  html, render, useState, useEffect, useRef, useMemo, useCallback,
} from "../vendor/preact-htm.module.js";
