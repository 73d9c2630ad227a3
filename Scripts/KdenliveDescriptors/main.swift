import FlipTransMixer
import Foundation

// Writes the Kdenlive descriptor of every transition the frei0r plugin offers into the folder
// given (data/kdenlive/transitions in the repository; Scripts/install-frei0r.sh installs them).
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: frei0r-kdenlive-descriptors FOLDER\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for type in MixerTransitions.offered() {
        let file = folder.appendingPathComponent(KdenliveDescriptor.fileName(of: type))
        try Data(KdenliveDescriptor.xml(for: type).utf8).write(to: file, options: .atomic)
        print(file.path)
    }
} catch {
    FileHandle.standardError.write(Data("Error: \(folder.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
