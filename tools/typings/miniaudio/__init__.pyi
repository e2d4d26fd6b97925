# Type information for the part of miniaudio (1.x) the project uses (patrician_qt/ui/game/sound.py):
# miniaudio ships none. Signatures follow miniaudio.py; keep them to what is called.
import enum
from collections.abc import Generator
from typing import Any

__version__: str

class MiniaudioError(Exception): ...

class SampleFormat(enum.Enum):
    UNKNOWN = 0
    UNSIGNED8 = 1
    SIGNED16 = 2
    SIGNED24 = 3
    SIGNED32 = 4
    FLOAT32 = 5

class Devices:
    def __init__(self, backends: list[Any] | None = ...) -> None: ...
    def get_playbacks(self) -> list[dict[str, Any]]: ...

class PlaybackDevice:
    def __init__(
        self,
        output_format: SampleFormat = ...,
        nchannels: int = ...,
        sample_rate: int = ...,
        buffersize_msec: int = ...,
        device_id: Any = ...,
        callback_periods: int = ...,
        backends: list[Any] | None = ...,
        thread_prio: Any = ...,
        app_name: str = ...,
    ) -> None: ...
    def start(self, callback_generator: Generator[Any, int, Any]) -> None: ...
    def close(self) -> None: ...
