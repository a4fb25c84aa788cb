/**
 * Height of MUI's BottomNavigation: the page keeps this much room at its foot, and notices sit above it. A
 * module of its own, so the shell and the notices know it without loading the bar (it loads on phones only).
 */
export const bottomBarHeight = 56;
