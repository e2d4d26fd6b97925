/* Test-only (never shipped): start a program as a console starts a Windows GUI program.
 *
 * cmd.exe or PowerShell give a GUI-subsystem program (patrician.exe) no console of its own and no
 * standard handles, so its output goes nowhere unless it attaches to its parent's console. Under
 * Wine a child inherits the console instead, which would hide that; this launcher starts the
 * command line it is given with DETACHED_PROCESS and nothing inherited, as on Windows, keeps its
 * own console for the child to attach to, waits, and returns the child's exit code.
 * Built by tests/packaging/test_windows.py with mingw-w64.
 */
#include <windows.h>
#include <stdio.h>

int main(void)
{
    char *cmd = GetCommandLineA();
    STARTUPINFOA si = { sizeof si };
    PROCESS_INFORMATION pi;
    DWORD code = 1;

    /* skip this program's own name */
    if (*cmd == '"') {
        for (cmd++; *cmd && *cmd != '"'; cmd++) {}
        if (*cmd) cmd++;
    } else {
        while (*cmd && *cmd != ' ') cmd++;
    }
    while (*cmd == ' ') cmd++;
    if (!CreateProcessA(NULL, cmd, NULL, NULL, FALSE, DETACHED_PROCESS, NULL, NULL, &si, &pi)) {
        printf("console_launcher: CreateProcess failed (%lu)\n", GetLastError());
        return 2;
    }
    WaitForSingleObject(pi.hProcess, INFINITE);
    GetExitCodeProcess(pi.hProcess, &code);
    return (int)code;
}
