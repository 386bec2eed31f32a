"""nginx in front of podium processes, for the tests and benches: the shipped configuration
(deploy/nginx-podium.conf) with its upstream ports and listen port changed, in a temporary prefix, on loopback."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from podium.testing.serve import HOST, free_port

SHIPPED = Path(__file__).resolve().parents[3] / "deploy" / "nginx-podium.conf"
_DEFAULT_UPSTREAMS = ("127.0.0.1:8001", "127.0.0.1:8002")


class Unavailable(RuntimeError):
    """nginx cannot be run here; the message says why."""


def site_config(text: str, backends: list[int], port: int) -> str:
    """The shipped site with podium's processes on `backends` (as many as given) and nginx on `port`, loopback."""
    for upstream in ("podium_http", "podium_ws"):
        block = re.search(r"upstream " + upstream + r" \{.*?\n\}", text, re.S)
        if block is None:
            raise ValueError(f"no upstream {upstream} in the nginx configuration")
        lines = block.group(0).splitlines()
        template = next(line for line in lines if _DEFAULT_UPSTREAMS[0] in line)
        servers = [template.replace(_DEFAULT_UPSTREAMS[0], f"{HOST}:{p}") for p in backends]
        kept = [line for line in lines if not any(u in line for u in _DEFAULT_UPSTREAMS)]
        at = next(i for i, line in enumerate(kept) if line.strip().startswith(("server", "keepalive", "}")))
        text = text.replace(block.group(0), "\n".join(kept[:at] + servers + kept[at:]))
    text = text.replace("    listen 8080;", f"    listen {HOST}:{port};").replace("    listen [::]:8080;\n", "")
    return text


class Nginx:
    def __init__(self, backends: list[int]) -> None:
        binary = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
        if binary is None:
            raise Unavailable("no nginx (install Debian's nginx)")
        self.binary = binary
        self.port = free_port()
        self.prefix = Path(tempfile.mkdtemp(prefix="podium-nginx-"))
        os.chmod(self.prefix, 0o777)  # the workers may run as nobody
        site = site_config(SHIPPED.read_text(), backends, self.port)
        (self.prefix / "podium.conf").write_text(site)
        (self.prefix / "nginx.conf").write_text(
            f"""daemon off;
pid {self.prefix}/nginx.pid;
error_log {self.prefix}/error.log warn;
worker_processes 1;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {self.prefix}/body;
    proxy_temp_path {self.prefix}/proxy;
    fastcgi_temp_path {self.prefix}/fastcgi;
    uwsgi_temp_path {self.prefix}/uwsgi;
    scgi_temp_path {self.prefix}/scgi;
    include {self.prefix}/podium.conf;
}}
"""
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> Nginx:
        command = [self.binary, "-p", str(self.prefix), "-c", str(self.prefix / "nginx.conf")]
        test = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
        if test.returncode != 0:
            raise Unavailable(f"nginx refused the configuration: {test.stderr.strip()[-1500:]}")
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        while True:
            try:
                with opener.open(f"{self.base}/api/games", timeout=2):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = (self.prefix / "error.log").read_text(errors="replace")[-1500:]
                    self.stop()
                    raise Unavailable(f"nginx did not start: {log}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        shutil.rmtree(self.prefix, ignore_errors=True)


__all__ = ["SHIPPED", "Nginx", "Unavailable", "site_config"]
