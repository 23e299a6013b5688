// The program's arguments as the C runtime hands them over (startup.c).
// Nothing here is called from Swift: linking the target is the point.
#pragma once
