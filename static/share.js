// Loaded by the pages that offer a result card (a game's round page, a club night's evening
// once it is over), not by every page: the others stay within their weight.
"use strict";

// A result card to the phone's share sheet (the group chat) where the browser shares files (a
// secure context); elsewhere, or if sharing fails, the link's own download. Listened for on the
// document: the game-over part arrives in place after the last round.
document.addEventListener("click", async (event) => {
  const link = event.target.closest && event.target.closest("a.share-card");
  if (!link || !navigator.canShare) return;
  event.preventDefault();
  const download = () => {
    const plain = document.createElement("a");
    plain.href = link.href;
    plain.download = link.getAttribute("download") || "";
    document.body.append(plain);
    plain.click();
    plain.remove();
  };
  try {
    const blob = await (await fetch(link.href)).blob();
    const file = new File([blob], link.getAttribute("download") || "result.png", { type: blob.type });
    if (navigator.canShare({ files: [file] })) {
      await navigator.share({ files: [file], title: document.title });
      return;
    }
  } catch (error) {
    if (error && error.name === "AbortError") return; // the player closed the share sheet
  }
  download();
});
