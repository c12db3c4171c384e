import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { matchMediaAtWidth } from "./screen.ts";

// Mantine's useMediaQuery reads window.matchMedia: answered for the width a test chose.
window.matchMedia = matchMediaAtWidth;

afterEach(() => cleanup());
