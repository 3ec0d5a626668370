console.log("bench: nothing yet");
