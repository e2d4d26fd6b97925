; NSIS 3 script: the Windows installer around the PyInstaller one-folder bundle.
;
; Built by `python3 packaging/build.py --target windows` with Debian's makensis (native on
; Linux), which passes every !define below; packaging/README.md ("Windows") has the details.
; Output: packaging/dist/patrician-<version>-windows-x64-setup.exe, a 64-bit installer.
;
; Per user (no administrator rights, the default) or for all users (the installer asks for
; administrator rights once): the install-mode page, or /CurrentUser or /AllUsers on the
; command line; /S installs silently; /D=<folder> (last, unquoted) installs into that folder
; (winget --location). Start-menu entry, uninstaller in Settings > Apps, and
; "Open with > Patrician" for .patrician.json records (below).

!ifndef VERSION | VERSION_NUMERIC | FILES_NSH | ICON | LICENSE | OUTFILE | SIZE_KB | MIN_BUILD
  !error "run by packaging/build.py --target windows, which defines VERSION, FILES_NSH, ICON, ..."
!endif

Unicode true
Target amd64-unicode
ManifestDPIAware true
ManifestSupportedOS Win10
SetCompressor /SOLID lzma
SetCompressorDictSize 64

!define APP "Patrician"
!define EXE "patrician.exe"
!define PROGID "Patrician.Record"
; The uninstall entry; it also remembers the install mode and folder for upgrades.
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Patrician"

!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_INSTALLMODE_DEFAULT_CURRENTUSER
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "${APP}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${UNINST_KEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "InstallMode"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${UNINST_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!include MultiUser.nsh
!include MUI2.nsh
!include LogicLib.nsh
!include WinVer.nsh
!include x64.nsh
!include "${FILES_NSH}"

Name "${APP}"
OutFile "${OUTFILE}"
BrandingText "${APP} ${VERSION}"
VIProductVersion "${VERSION_NUMERIC}"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP} setup"
VIAddVersionKey "CompanyName" "Patrician developers"
VIAddVersionKey "LegalCopyright" "MIT licence"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!insertmacro MUI_PAGE_LICENSE "${LICENSE}"
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!define MUI_PAGE_CUSTOMFUNCTION_PRE DirectoryPre
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
; The finish page offers to start the game (a checkbox, "Run Patrician"); a silent install shows no page
; and starts nothing.
!define MUI_FINISHPAGE_RUN
!define MUI_FINISHPAGE_RUN_FUNCTION RunGame
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"

LangString NeedsWin10 ${LANG_ENGLISH} "Patrician needs 64-bit Windows 10 version 1809 or newer (Windows 11 too)."
LangString NeedsWin10 ${LANG_GERMAN} "Patrician braucht 64-Bit-Windows 10 ab Version 1809 (oder Windows 11)."
LangString GameRunning ${LANG_ENGLISH} "Patrician is running. Close it, then choose Retry."
LangString GameRunning ${LANG_GERMAN} "Patrician läuft noch. Beenden Sie es und wählen Sie dann Wiederholen."
LangString RecordType ${LANG_ENGLISH} "Patrician game record"
LangString RecordType ${LANG_GERMAN} "Patrician-Spielaufzeichnung"

; A running game holds this mutex (packaging/patrician_main.py); Windows keeps a running program's
; files, so neither installing over it nor removing it could finish: ask the player to close it
; first (Retry), or stop with exit code 4 and change nothing (Cancel, and always when silent).
!define RUNNING_MUTEX "PatricianGameRunning"
!macro WAIT_FOR_GAME_TO_CLOSE UN
Function ${UN}WaitForGameToClose
  retry:
  System::Call 'kernel32::OpenMutexW(i 0x00100000, i 0, w "${RUNNING_MUTEX}") p .r0'
  ${If} $0 <> 0
    System::Call 'kernel32::CloseHandle(p r0)'
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(GameRunning)" /SD IDCANCEL IDRETRY retry
    SetErrorLevel 4
    Quit
  ${EndIf}
FunctionEnd
!macroend
!insertmacro WAIT_FOR_GAME_TO_CLOSE ""
!insertmacro WAIT_FOR_GAME_TO_CLOSE "un."

; The folder given with /D=, which the install mode's default folder would otherwise replace.
Var GivenDir

Function .onInit
  ; Qt 6 runs on Windows 10 1809 (build 17763) and newer only; older systems stop here.
  ${IfNot} ${RunningX64}
  ${OrIfNot} ${AtLeastBuild} ${MIN_BUILD}
    MessageBox MB_OK|MB_ICONSTOP "$(NeedsWin10)" /SD IDOK
    SetErrorLevel 3
    Quit
  ${EndIf}
  SetRegView 64
  Call WaitForGameToClose
  StrCpy $GivenDir $INSTDIR  ; NSIS has put /D=<folder> here; MULTIUSER_INIT sets the mode's default
  !insertmacro MULTIUSER_INIT
  ${If} $GivenDir != ""
    StrCpy $INSTDIR $GivenDir
  ${EndIf}
FunctionEnd

Function DirectoryPre
  ; the install-mode page sets its mode's default folder again: /D= still wins
  ${If} $GivenDir != ""
    StrCpy $INSTDIR $GivenDir
  ${EndIf}
FunctionEnd

Function RunGame
  ; Installed for all users, this installer runs as administrator: the game is started through Explorer,
  ; as the signed-in player, so that its settings and saves are the player's and not the administrator's.
  SetOutPath "$INSTDIR"
  ${If} $MultiUser.InstallMode == "AllUsers"
    Exec '"$WINDIR\explorer.exe" "$INSTDIR\${EXE}"'
  ${Else}
    Exec '"$INSTDIR\${EXE}"'
  ${EndIf}
FunctionEnd

Function un.onInit
  Call un.WaitForGameToClose
  SetRegView 64
  !insertmacro MULTIUSER_UNINIT
FunctionEnd

Section "Patrician" SecApp
  SectionIn RO
  ; An earlier version: its own uninstaller removes its files (names change between versions).
  ${If} ${FileExists} "$INSTDIR\uninstall.exe"
    ExecWait '"$INSTDIR\uninstall.exe" /S /$MultiUser.InstallMode _?=$INSTDIR'
    Delete "$INSTDIR\uninstall.exe"
  ${EndIf}
  !insertmacro PATRICIAN_INSTALL_FILES
  File "/oname=LICENSE.txt" "${LICENSE}"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; Start menu (per user or all users: MultiUser set the shell context).
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0 SW_SHOWNORMAL "" "$(RecordType)"

  ; Records: Windows picks a handler by the last extension only (.json), so a .patrician.json
  ; file gets Patrician in its "Open with" list (OpenWithProgids) without taking .json away
  ; from the player's editor.
  WriteRegStr SHCTX "Software\Classes\${PROGID}" "" "$(RecordType)"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\${EXE},0"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  WriteRegStr SHCTX "Software\Classes\.json\OpenWithProgids" "${PROGID}" ""
  WriteRegStr SHCTX "Software\Classes\Applications\${EXE}" "FriendlyAppName" "${APP}"
  WriteRegStr SHCTX "Software\Classes\Applications\${EXE}\SupportedTypes" ".json" ""
  WriteRegStr SHCTX "Software\Classes\Applications\${EXE}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'

  ; Settings > Apps.
  WriteRegStr SHCTX "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr SHCTX "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr SHCTX "${UNINST_KEY}" "Publisher" "Patrician developers"
  WriteRegStr SHCTX "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINST_KEY}" "InstallMode" "$MultiUser.InstallMode"
  WriteRegStr SHCTX "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINST_KEY}" "NoRepair" 1
  WriteRegDWORD SHCTX "${UNINST_KEY}" "EstimatedSize" ${SIZE_KB}
  ; SHCNE_ASSOCCHANGED: Explorer reads the new "Open with" entry at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "Uninstall"
  !insertmacro PATRICIAN_UNINSTALL_FILES
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  ${If} $MultiUser.InstallMode == "CurrentUser"
    RMDir "$LOCALAPPDATA\Programs"  ; only if empty: the per-user install may have made it
  ${EndIf}
  Delete "$SMPROGRAMS\${APP}.lnk"
  DeleteRegKey SHCTX "Software\Classes\${PROGID}"
  DeleteRegValue SHCTX "Software\Classes\.json\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty SHCTX "Software\Classes\.json\OpenWithProgids"
  DeleteRegKey /ifempty SHCTX "Software\Classes\.json"
  DeleteRegKey SHCTX "Software\Classes\Applications\${EXE}"
  DeleteRegKey SHCTX "${UNINST_KEY}"
  ; Saved games, autosaves and settings (%LOCALAPPDATA%\Patrician, Documents\Patrician, HKCU\Software\Patrician)
  ; stay: they are the player's.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  ; NSIS runs the uninstaller from a copy in %TEMP%\~nsuN.tmp, which Windows deletes at the next
  ; restart; its folder goes then too (RMDir without /r removes only an empty folder).
  RMDir /REBOOTOK "$EXEDIR"
SectionEnd
