; Inno Setup 6 script: Windows installer around the PyInstaller one-folder bundle.
;
; Build (from the repo root, on Windows, after `python packaging\build.py`):
;   "C:\Program Files (x86)\Inno Setup 6\ISCC.exe" /DAppVersion=0.1.0 packaging\windows\patrician.iss
; Output: packaging\dist\patrician-<version>-windows-x64-setup.exe
; The version comes from the package metadata (build-report.json); see packaging/README.md.
; Installs per user by default (no administrator rights), or for all users if chosen.

#ifndef AppVersion
  #error Pass the version: ISCC /DAppVersion=x.y.z packaging\windows\patrician.iss
#endif
#ifndef BundleDir
  #define BundleDir "..\dist\pyinstaller\patrician"
#endif

[Setup]
; AppId identifies the app for upgrades and uninstall: never change it.
AppId={{6F1C2B0E-6B53-4C3A-9E7B-2B3B5C0D8A41}
AppName=Patrician
AppVersion={#AppVersion}
AppVerName=Patrician {#AppVersion}
AppPublisher=Patrician developers
AppComments=Unofficial fan implementation of the Amigo board game Patrician (Patrizier)
VersionInfoVersion={#AppVersion}
VersionInfoDescription=Patrician setup
DefaultDirName={autopf}\Patrician
DefaultGroupName=Patrician
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
LicenseFile=..\..\LICENSE
SetupIconFile=..\build\icons\patrician.ico
UninstallDisplayIcon={app}\patrician.exe
UninstallDisplayName=Patrician
OutputDir=..\dist
OutputBaseFilename=patrician-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "german"; MessagesFile: "compiler:Languages\German.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
Source: "..\..\LICENSE"; DestDir: "{app}"; DestName: "LICENSE.txt"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\Patrician"; Filename: "{app}\patrician.exe"; Comment: "Patrician board game"
Name: "{autodesktop}\Patrician"; Filename: "{app}\patrician.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\patrician.exe"; Description: "{cm:LaunchProgram,Patrician}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Python may leave byte-code caches next to the bundle; saved games live in %APPDATA% and stay.
Type: filesandordirs; Name: "{app}\_internal\__pycache__"
