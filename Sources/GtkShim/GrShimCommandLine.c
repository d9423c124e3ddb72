#include "GtkShim.h"

void grshim_command_line_print(GApplicationCommandLine *command_line, const char *text) {
    g_application_command_line_print(command_line, "%s", text);
}

void grshim_command_line_printerr(GApplicationCommandLine *command_line, const char *text) {
    g_application_command_line_printerr(command_line, "%s", text);
}
